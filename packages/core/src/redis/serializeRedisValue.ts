/**
 * A command argument as `@upstash/redis` sends it: strings as they are, numbers and booleans as their text, anything
 * else as JSON.
 */
export function serializeRedisValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
      return String(value);
    default:
      return JSON.stringify(value);
  }
}
