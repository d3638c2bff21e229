/**
 * The key-value operations the sharded graph store needs (Redis in the workers, a map in tests and benchmarks), so
 * both stores share one implementation of the sharding.
 */
export type GraphKv = {
  /** Values of the keys (null where absent), in order; `bytes`, when known (the manifest says), sizes the batches. */
  get(keys: string[], bytes?: number[]): Promise<(string | null)[]>;
  /** Stores every entry (each at most the store's value limit). */
  set(entries: [key: string, value: string][]): Promise<void>;
  /** Keys no longer named by the manifest: they may disappear once readers that hold the old manifest are done. */
  retire(keys: string[]): Promise<void>;
};
