import type { Address } from "viem";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { logEvent } from "../observability/logEvent.js";
import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import { bandV3Ticks } from "./bandV3Ticks.js";
import { isExcludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph } from "./graphTypes.js";
import type { PoolState } from "./readPoolStates.js";
import { v3TickWord } from "./v3TickWords.js";

/**
 * Puts freshly read pool state into the graph: new immutable pool objects replace the old ones (quotes in flight
 * keep the objects they hold). V3 tick lists are the known ticks updated with the ticks just read (an uninitialized
 * tick is removed; a bitmap word read in full replaces every known tick in it). A V3 pool without a price stays pending.
 * A V3 pool's `tickDataRange` (where its ticks are known complete) is kept, widened by a read complete over a range
 * that meets it (`V3State.completeRange`), and cleared by a read of every bitmap word.
 * With `maxV3Ticks` (the indexer's `V3_TICKS_PER_POOL_MAX`), ticks outside that range are dropped and a pool that
 * would hold more initialized ticks keeps only the band nearest its price (`bandV3Ticks`; logged as a warning when it
 * is first cut), so a swap leaving the band throws instead of quoting on ticks that are not there. An excluded pool
 * (`excludeOversizedItems`) is skipped until its exclusion expires. Returns the pools that changed.
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
      const prior = meta instanceof V3Pool ? meta : undefined;
      const tickSpacing = prior ? prior.tickSpacing : (meta as { tickSpacing: number }).tickSpacing;
      const ticks = new Map((prior?.ticks ?? []).map((t) => [t.index, t.liquidityNet]));
      // Words read in full replace what was known in them; every word read in full: the ticks are complete everywhere.
      let range = prior?.tickDataRange;
      if (state.tickWords) {
        const words = new Set(state.tickWords);
        for (const index of ticks.keys()) if (words.has(v3TickWord(index, tickSpacing))) ticks.delete(index);
        if (words.size === v3TickWord(MAX_TICK, tickSpacing) - v3TickWord(MIN_TICK, tickSpacing) + 1) range = undefined;
      }
      if (state.completeRange) {
        const [from, to] = state.completeRange;
        for (const index of ticks.keys()) if (index >= from && index <= to) ticks.delete(index);
        // Two ranges each complete, overlapping or touching, are complete together; else only the new one is known.
        range = range && range[0] <= to + 1 && from <= range[1] + 1 ? [Math.min(range[0], from), Math.max(range[1], to)] : range ? [from, to] : range;
      }
      for (const [index, net] of state.ticks) {
        if (net === null) ticks.delete(index);
        else ticks.set(index, net);
      }
      let sorted = [...ticks].sort((a, b) => a[0] - b[0]).map(([index, liquidityNet]) => ({ index, liquidityNet }));
      if (options.maxV3Ticks !== undefined) {
        const band = bandV3Ticks({ ticks: sorted, tick: state.tick, max: options.maxV3Ticks, tickDataRange: range });
        if (band.cut && !range) {
          (options.log ?? logEvent)("warn", "pool indexed near its price only: too many initialized ticks", {
            chain: graph.chain, pool: address, ticks: sorted.length, maxTicks: options.maxV3Ticks, tickDataRange: band.tickDataRange!.join(".."),
          });
        }
        ({ ticks: sorted, tickDataRange: range } = band);
      }
      graph.pools.set(address, new V3Pool({
        address, token0, token1, fee: meta.fee, tickSpacing,
        sqrtPriceX96: state.sqrtPriceX96, tick: state.tick, liquidity: state.liquidity, ticks: sorted, ...(range && { tickDataRange: range }),
      }));
    }
    graph.pending.delete(address);
    changed.push(address);
  }
  return changed;
}
