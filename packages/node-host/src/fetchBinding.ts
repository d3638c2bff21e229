/**
 * A service binding (`Fetcher`) to another area of the same process: `fetch` hands the request to that area's
 * handler with its own environment, as Workers hand it to the bound worker. A signal given with the call is honoured
 * as a fetch honours it (the caller's deadline, such as `/health`'s, rejects with its reason), though the handler
 * itself runs on.
 */
export function fetchBinding(
  handler: (request: Request) => Response | Promise<Response>,
): Pick<Fetcher, "fetch"> {
  return {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && !init ? input : new Request(input as RequestInfo, init);
      // A signal the caller gives (a deadline). A forwarded request's own signal, which ends when its client goes, is
      // not one: the area finishes its answer, as a worker does.
      const signal = init?.signal;
      if (!signal) return handler(request);
      if (signal.aborted) throw signal.reason;
      return new Promise<Response>((resolve, reject) => {
        const abort = () => reject(signal.reason);
        signal.addEventListener("abort", abort, { once: true });
        Promise.resolve().then(() => handler(request)).then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
      });
    },
  } as Pick<Fetcher, "fetch">;
}
