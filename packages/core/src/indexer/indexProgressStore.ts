/**
 * Where index progress is kept between cron invocations: Redis in the workers (its own keys, `redisKeys.indexProgress`
 * and the partial graph's, next to but apart from the graph store's), memory in tests and benchmarks. The graph being
 * built is kept in segments of what each slice changed (`partialGraphStore`); a slice's segments are stored first,
 * then its progress together with the partial graph's manifest in one request, so the progress never names state
 * that is not stored.
 */
import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { ChainName } from "../chains/chains.js";
import type { GraphKv } from "./graphKv.js";
import type { ChainGraph } from "./graphTypes.js";
import { decodeIndexProgress, encodeIndexProgress, type IndexProgress } from "./indexProgress.js";
import { memoryGraphKv } from "./memoryGraphKv.js";
import { partialGraphStore, type PartialGraphChanges, type PartialGraphStoreOptions, type RequestCounter } from "./partialGraphStore.js";
import { redisGraphKv } from "./redisGraphKv.js";

export type IndexProgressWriteOptions = {
  /** What the slice changed in `partial` since it was read or last written; absent: the whole partial graph is stored again. */
  changes?: PartialGraphChanges;
  /** Counts the requests the write makes (the indexer's budget). */
  requests?: RequestCounter;
  /** With `partial` null: no graph being built is stored (the index was ready already), so none is looked for. */
  noPartial?: boolean;
};

export interface IndexProgressStore {
  read(chain: ChainName): Promise<IndexProgress | null>;
  /** The graph a cold index is building (null once ready, or when part of it is gone). */
  readPartial(chain: ChainName, requests?: RequestCounter): Promise<ChainGraph | null>;
  /**
   * Stores the progress and the graph being built (its changes when given, written before the progress); `partial`
   * null drops the graph being built (the index is ready).
   */
  write(progress: IndexProgress, partial: ChainGraph | null, options?: IndexProgressWriteOptions): Promise<void>;
  /** Forgets the chain's progress and its graph being built (the next run starts a cold index). */
  clear(chain: ChainName): Promise<void>;
}

const uncounted: RequestCounter = { spend: () => {} };

function progressStoreOn(
  kv: GraphKv, readProgress: (chain: ChainName) => Promise<string | null>, del: (keys: string[]) => Promise<void>, options?: PartialGraphStoreOptions,
): IndexProgressStore {
  const partials = partialGraphStore(kv, options);
  return {
    async read(chain) {
      const text = await readProgress(chain);
      return text === null ? null : decodeIndexProgress(text);
    },
    readPartial: (chain, requests = uncounted) => partials.read(chain, requests),
    async write(progress, partial, { changes, requests = uncounted, noPartial } = {}) {
      const commit: [string, string][] = [[redisKeys.indexProgress(progress.chain), encodeIndexProgress(progress)]];
      if (partial) await partials.write(partial, changes, commit, requests);
      else if (noPartial) {
        requests.spend(1);
        await kv.set(commit);
      } else await partials.drop(progress.chain, commit, requests);
    },
    async clear(chain) {
      await del([redisKeys.indexProgress(chain), ...(await partials.keys(chain, uncounted))]);
    },
  };
}

/** The workers' store: Redis (Upstash REST, or the Node host's TCP client). */
export function redisIndexProgressStore(redis: Redis, options?: PartialGraphStoreOptions): IndexProgressStore {
  return progressStoreOn(
    redisGraphKv({ redis, maxRequestBytes: options?.maxRequestBytes }),
    async (chain) => {
      const value = await redis.get<unknown>(redisKeys.indexProgress(chain));
      if (value === null || value === undefined) return null;
      // Stored through the graph kv ("g|" + JSON, handed back raw), or as plain JSON by earlier versions (parsed).
      if (typeof value !== "string") return JSON.stringify(value);
      return value.startsWith("g|") ? value.slice(2) : value;
    },
    async (keys) => {
      if (keys.length > 0) await redis.del(...keys);
    },
    options,
  );
}

/** An in-memory progress store (tests, benchmarks); values are kept encoded and segmented, as in Redis. */
export function memoryIndexProgressStore(options?: PartialGraphStoreOptions & { kv?: ReturnType<typeof memoryGraphKv> }): IndexProgressStore {
  const kv = options?.kv ?? memoryGraphKv();
  return progressStoreOn(
    kv,
    async (chain) => (await kv.get([redisKeys.indexProgress(chain)]))[0] ?? null,
    async (keys) => kv.retire(keys),
    options,
  );
}
