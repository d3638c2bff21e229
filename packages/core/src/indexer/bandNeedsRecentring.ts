import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import type { InitializedTick } from "../pools/v3/tickList.js";

/**
 * Whether a banded pool should be read whole again to centre its band on its price: the price has left the band, or
 * fewer than an eighth of the band's ticks remain between the price and a side where ticks were dropped.
 */
export function bandNeedsRecentring(pool: { tick: number; ticks: readonly InitializedTick[]; tickDataRange?: readonly [number, number] }, max: number): boolean {
  const range = pool.tickDataRange;
  if (!range) return false;
  if (pool.tick < range[0] || pool.tick > range[1]) return true;
  const margin = Math.floor(max / 8);
  let below = 0;
  for (const t of pool.ticks) if (t.index <= pool.tick) below++;
  const above = pool.ticks.length - below;
  const cutBelow = range[0] > MIN_TICK;
  const cutAbove = range[1] < MAX_TICK;
  return (cutBelow && below < margin) || (cutAbove && above < margin);
}
