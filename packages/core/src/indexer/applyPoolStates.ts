import type { Address } from "viem";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { logEvent } from "../observability/logEvent.js";
import { excludedPool, isExcludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph } from "./graphTypes.js";
import type { PoolState } from "./readPoolStates.js";
import { v3TickWord } from "./v3TickWords.js";

/**
 * Puts freshly read pool state into the graph: new immutable pool objects replace the old ones (quotes in flight
 * keep the objects they hold). V3 tick lists are the known ticks updated with the ticks just read (an uninitialized
 * tick is removed; a bitmap word read in full replaces every known tick in it). A V3 pool without a price stays pending.
 * With `maxV3Ticks` (the indexer's `V3_TICKS_PER_POOL_MAX`), a V3 pool that would hold more initialized ticks is
 * not indexed: it becomes an excluded pending pool (not read again until the exclusion expires; see `excludeOversizedItems`), logged as an
 * error. Returns the pools that changed.
 */
export function applyPoolStates(graph: ChainGraph, states: ReadonlyMap<Address, PoolState>, options: { maxV3Ticks?: number; log?: typeof logEvent; now?: () => number } = {}): Address[] {
  const changed: Address[] = [];
  const now = (options.now ?? Date.now)();
  for (const [address, state] of states) {
    const meta = graph.pools.get(address) ?? graph.pending.get(address);
    // An exclusion past `EXCLUDED_POOL_RETRY_MS` has expired: the pool is read afresh and re-included if it now fits.
    if (!meta || ("excluded" in meta && isExcludedPool(meta, now))) continue;
    const { token0, token1 } = meta;
    if (state.protocol === "uniswap-v2") {
      graph.pools.set(address, new V2Pool({ address, token0, token1, reserve0: state.reserve0, reserve1: state.reserve1 }));
    } else {
      if (state.sqrtPriceX96 === 0n) continue;
      const known = meta instanceof V3Pool ? meta.ticks : [];
      const tickSpacing = meta instanceof V3Pool ? meta.tickSpacing : (meta as { tickSpacing: number }).tickSpacing;
      const ticks = new Map(known.map((t) => [t.index, t.liquidityNet]));
      // Words read in full replace what was known in them.
      if (state.tickWords) {
        const words = new Set(state.tickWords);
        for (const index of ticks.keys()) if (words.has(v3TickWord(index, tickSpacing))) ticks.delete(index);
      }
      for (const [index, net] of state.ticks) {
        if (net === null) ticks.delete(index);
        else ticks.set(index, net);
      }
      if (options.maxV3Ticks !== undefined && ticks.size > options.maxV3Ticks) {
        graph.pools.delete(address);
        graph.pending.set(address, excludedPool({ protocol: "uniswap-v3", address, token0, token1, fee: meta.fee, tickSpacing }, now));
        changed.push(address);
        (options.log ?? logEvent)("error", "pool excluded from the index: too many initialized ticks", { chain: graph.chain, pool: address, ticks: ticks.size, maxTicks: options.maxV3Ticks });
        continue;
      }
      const sorted = [...ticks].sort((a, b) => a[0] - b[0]).map(([index, liquidityNet]) => ({ index, liquidityNet }));
      graph.pools.set(address, new V3Pool({
        address, token0, token1, fee: meta.fee, tickSpacing,
        sqrtPriceX96: state.sqrtPriceX96, tick: state.tick, liquidity: state.liquidity, ticks: sorted,
      }));
    }
    graph.pending.delete(address);
    changed.push(address);
  }
  return changed;
}
