import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";

/**
 * The V3 tick bitmap's word positions: the word holding `tick` (`(tick / tickSpacing) >> 8`, rounding toward minus
 * infinity as the pool does), and every word a pool with `tickSpacing` can use (TickLens reads one word at a time).
 */
export function v3TickWord(tick: number, tickSpacing: number): number {
  return Math.floor(tick / tickSpacing) >> 8;
}

/** Every bitmap word of a pool with `tickSpacing`, lowest first. */
export function v3AllTickWords(tickSpacing: number): number[] {
  const words: number[] = [];
  for (let w = v3TickWord(MIN_TICK, tickSpacing); w <= v3TickWord(MAX_TICK, tickSpacing); w++) words.push(w);
  return words;
}
