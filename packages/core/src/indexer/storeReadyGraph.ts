import type { Address } from "viem";
import { referenceUsdPrices } from "../routable/referenceUsdPrices.js";
import { routableGraph } from "../routable/routableGraph.js";
import { routablePools } from "../routable/routablePools.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import type { ChainGraph } from "./graphTypes.js";
import { excludeOversizedItems } from "./excludeOversizedItems.js";

/** How long reference prices judge routability before they are re-computed over every pool (between, only changed pools are re-judged). */
export const ROUTABILITY_REPRICE_MS = 10 * 60_000;

export type StoreReadyGraphParameters = {
  source: ChainIndexSource;
  /** The complete indexed graph (a finished cold index, or a ready graph after an incremental pass). */
  graph: ChainGraph;
  /**
   * What the pass changed since the stored graph at `previousBlock` (`indexChain`'s `changedPools` / `changedTokens`);
   * absent after a cold index (every shard is encoded, still only those whose content changed are written).
   */
  changed?: { pools: ReadonlySet<Address>; tokens: ReadonlySet<Address>; previousBlock: bigint };
  now?: number;
};

export type StoreReadyGraphReturnType = {
  /** The routable universe of the graph (what isolates quote on), sharing its pool objects. */
  routable: ChainGraph;
  shardsWritten: number;
};

/**
 * Writes a ready graph to the graph store with its routable universe (pools above the chain's liquidity threshold
 * whose tokens pass `isRoutableToken`): after a run of this isolate, only the pools the pass changed are re-judged, at
 * the same reference prices, for `ROUTABILITY_REPRICE_MS`; only shards that changed are written. The routable graph
 * becomes this isolate's cached graph.
 */
export async function storeReadyGraph({ source, graph, changed, now = Date.now() }: StoreReadyGraphParameters): Promise<StoreReadyGraphReturnType> {
  // A pool too large to store is excluded before routability is judged (the store would exclude it too, but the
  // routable graph this isolate keeps must not hold it either).
  const guarded = excludeOversizedItems({ graph, candidates: changed });
  if (changed && guarded.pools.length + guarded.tokens.length > 0) {
    changed = { ...changed, pools: new Set([...changed.pools, ...guarded.pools]), tokens: new Set([...changed.tokens, ...guarded.tokens]) };
  }
  const minLiquidityUsd = source.routableLiquidityUsd ?? 0;
  const snapshot = source.cache.routability.get(source.chain);
  const reuse = snapshot && changed && snapshot.block === changed.previousBlock && now - snapshot.pricedAt < ROUTABILITY_REPRICE_MS ? snapshot : undefined;
  const prices = reuse?.prices ?? (minLiquidityUsd > 0 ? referenceUsdPrices({ graph }) : new Map());
  const routable = routablePools({
    graph, minLiquidityUsd, isRoutableToken: source.isRoutableToken, prices,
    incremental: reuse && changed && { previous: reuse.routable, pools: changed.pools },
  });
  const { shardsWritten, manifest } = await source.store.write(graph, { routable, changed: changed && { pools: changed.pools, tokens: changed.tokens } });
  source.cache.routability.set(source.chain, { block: graph.block, routable, prices, pricedAt: reuse?.pricedAt ?? now });
  const view = routableGraph(graph, routable);
  source.cache.remember(view, now, manifest);
  return { routable: view, shardsWritten };
}
