/**
 * A flat `HGETALL` reply as `@upstash/redis` hands it back: `null` for an empty (missing) hash, else an object whose
 * values are parsed as JSON where they parse, except numbers that are not safe integers (`"1.5"`, `"1e30"`), which
 * stay strings.
 */
export function deserializeRedisHash<T extends Record<string, unknown>>(flat: readonly unknown[]): T | null {
  if (flat.length === 0) return null;
  const hash: Record<string, unknown> = {};
  for (let i = 0; i < flat.length; i += 2) {
    const field = String(flat[i]);
    const value = flat[i + 1];
    try {
      const unsafeNumber = !Number.isNaN(Number(value)) && !Number.isSafeInteger(Number(value));
      hash[field] = unsafeNumber ? value : JSON.parse(value as string);
    } catch {
      hash[field] = value;
    }
  }
  return hash as T;
}
