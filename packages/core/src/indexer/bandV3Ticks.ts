import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import type { InitializedTick } from "../pools/v3/tickList.js";

export type BandV3TicksParameters = {
  /** Initialized ticks, ascending; only those inside `tickDataRange` are trusted (the rest are dropped). */
  ticks: readonly InitializedTick[];
  /** The pool's current tick. */
  tick: number;
  /** Ticks the band may hold (the indexer's `V3_TICKS_PER_POOL_MAX`). */
  max: number;
  /** Where `ticks` is complete (inclusive); absent: everywhere. */
  tickDataRange?: readonly [number, number];
};

export type BandV3TicksReturnType = {
  ticks: InitializedTick[];
  /** Where the kept ticks are complete (inclusive); absent when every initialized tick is kept. */
  tickDataRange?: readonly [number, number];
  /** Whether ticks were dropped to fit `max`. */
  cut: boolean;
};

/**
 * A V3 pool's tick list kept to at most `max` ticks: the ones nearest its price by count (half on each side, a side
 * with fewer giving the rest to the other), with `tickDataRange` narrowed to end one tick short of the nearest tick
 * dropped on each side, so a swap that would reach a dropped tick throws TICK_DATA_INCOMPLETE instead of quoting on
 * liquidity that is not there (`swap`). A pool past the cap (thousands of dust positions far from its price) stays
 * quotable for every trade that stays inside the band, instead of being left out of the index. Ticks outside the
 * given range are dropped first: they are not known to be complete.
 */
export function bandV3Ticks({ ticks, tick, max, tickDataRange }: BandV3TicksParameters): BandV3TicksReturnType {
  const inRange = tickDataRange ? ticks.filter((t) => t.index >= tickDataRange[0] && t.index <= tickDataRange[1]) : [...ticks];
  if (inRange.length <= max) return { ticks: inRange, ...(tickDataRange && { tickDataRange }), cut: false };
  let split = inRange.findIndex((t) => t.index > tick);
  if (split < 0) split = inRange.length;
  const below = split;
  const above = inRange.length - split;
  const keepBelow = Math.min(below, Math.max(Math.floor(max / 2), max - above));
  const keepAbove = Math.min(above, max - keepBelow);
  const lower = keepBelow < below ? inRange[split - keepBelow - 1]!.index + 1 : tickDataRange?.[0];
  const upper = keepAbove < above ? inRange[split + keepAbove]!.index - 1 : tickDataRange?.[1];
  return {
    ticks: inRange.slice(split - keepBelow, split + keepAbove),
    tickDataRange: [lower ?? MIN_TICK, upper ?? MAX_TICK],
    cut: true,
  };
}
