/**
 * An object's methods as a service binding's RPC stub calls them: arguments and answers are copied (structured
 * clone, as Workers RPC does), so a caller can never share or mutate the callee's objects, and every call is async.
 */
export function rpcBinding<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => structuredClone(await value.apply(object, structuredClone(args)));
    },
  });
}
