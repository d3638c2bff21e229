/**
 * A reply as `@upstash/redis` hands it back (its `parseResponse`): text that parses as JSON becomes that value, but a
 * number only when it prints back to the same text (`"007"`, `"1e3"`, `"12345678901234567890"` stay strings); other
 * text stays as it is; each element of an array reply is treated on its own. The TCP client uses it so both
 * transports answer alike.
 */
export function deserializeRedisReply<T = unknown>(reply: unknown): T {
  try {
    return parseRecursive(reply) as T;
  } catch {
    return reply as T;
  }
}

function parseRecursive(value: unknown): unknown {
  const parsed = Array.isArray(value)
    ? value.map((element) => {
      try {
        return parseRecursive(element);
      } catch {
        return element;
      }
    })
    : JSON.parse(value as string);
  if (typeof parsed === "number" && parsed.toString() !== value) return value;
  return parsed;
}
