import type { GraphKv } from "./graphKv.js";

/** A `GraphKv` in memory (tests, benchmarks); `values` is exposed so benchmarks can measure what is stored. */
export function memoryGraphKv(): GraphKv & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    async get(keys) {
      return keys.map((k) => values.get(k) ?? null);
    },
    async set(entries) {
      for (const [k, v] of entries) values.set(k, v);
    },
    async retire(keys) {
      for (const k of keys) values.delete(k);
    },
  };
}
