import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { ReferencePrice } from "../routable/referenceUsdPrices.js";
import type { GraphManifest } from "./graphManifest.js";
import type { ChainGraph } from "./graphTypes.js";

/** A routable graph, when the store was last asked about a newer one, and the manifest it was read at (if known). */
export type CachedGraph = { graph: ChainGraph; checkedAt: number; manifest?: GraphManifest };

/**
 * What the last index run of a chain in this isolate worked out about routability: the routable pools of the graph
 * it wrote (at `block`) and the reference prices they were judged at (computed at `pricedAt`, ms). The next run
 * re-judges only the pools it changed, until the prices are re-computed (`ROUTABILITY_REPRICE_MS`).
 */
export type RoutabilitySnapshot = { block: bigint; routable: ReadonlySet<Address>; prices: ReadonlyMap<Address, ReferencePrice>; pricedAt: number };

/**
 * An isolate's routable pool graphs, one per chain, with when the store was last asked whether a newer one exists,
 * the index runs in flight (concurrent callers share one), and the indexer's routability snapshots. Created once per
 * isolate (see `createIsolateCaches`) and passed in: nothing about graphs is kept in module state.
 */
export type GraphCache = {
  get(chain: ChainName): CachedGraph | undefined;
  /** Makes `graph` (read at `manifest`) this isolate's graph of its chain. */
  remember(graph: ChainGraph, now?: number, manifest?: GraphManifest): void;
  readonly indexing: Map<ChainName, Promise<ChainGraph>>;
  readonly routability: Map<ChainName, RoutabilitySnapshot>;
  /** Forgets every graph (tests, benchmarks). */
  clear(): void;
};

export function createGraphCache(): GraphCache {
  const graphs = new Map<ChainName, CachedGraph>();
  const indexing = new Map<ChainName, Promise<ChainGraph>>();
  const routability = new Map<ChainName, RoutabilitySnapshot>();
  return {
    get: (chain) => graphs.get(chain),
    remember: (graph, now = Date.now(), manifest) => void graphs.set(graph.chain, { graph, checkedAt: now, manifest }),
    indexing,
    routability,
    clear: () => {
      graphs.clear();
      indexing.clear();
      routability.clear();
    },
  };
}
