import { PoolMathError } from "../errors.js";
import { MAX_TICK, MIN_TICK } from "./math/constants.js";
import { compressTick, type NextInitializedTickReturnType, type TickBitmap } from "./math/nextInitializedTickWithinOneWord.js";

/** An initialized tick: its index and the liquidity added when crossing it left to right. */
export type InitializedTick = { readonly index: number; readonly liquidityNet: bigint };

/** The initialized ticks of a pool in ascending order of index (exactly the set bits of the tick bitmap). */
export type TickList = readonly InitializedTick[];

/** Index of the last tick with index ≤ `tick`, or -1. */
export function lastTickAtOrBelow(ticks: TickList, tick: number): number {
  let lo = 0;
  let hi = ticks.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ticks[mid]!.index <= tick) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * nextInitializedTickWithinOneWord on a sorted tick list: returns exactly what the contract returns on the
 * corresponding bitmap, including the stop at the word boundary when the word has no initialized tick.
 */
export function nextInitializedTickInList(
  ticks: TickList,
  tick: number,
  tickSpacing: number,
  lte: boolean,
): NextInitializedTickReturnType {
  const compressed = compressTick(tick, tickSpacing);
  if (lte) {
    const boundary = (compressed >> 8) * 256 * tickSpacing;
    const i = lastTickAtOrBelow(ticks, tick);
    if (i >= 0 && ticks[i]!.index >= boundary) return { next: ticks[i]!.index, initialized: true };
    return { next: boundary, initialized: false };
  }
  const boundary = (((compressed + 1) >> 8) * 256 + 255) * tickSpacing;
  const candidate = ticks[lastTickAtOrBelow(ticks, tick) + 1];
  if (candidate !== undefined && candidate.index <= boundary) return { next: candidate.index, initialized: true };
  return { next: boundary, initialized: false };
}

/**
 * Checks and freezes a tick list: ascending, unique, multiples of the spacing, within [MIN_TICK, MAX_TICK].
 * (A liquidityNet of zero is legal: a tick can be initialized by positions that cancel out.)
 */
export function validateTickList(ticks: readonly InitializedTick[], tickSpacing: number): TickList {
  let previous = -Infinity;
  for (const t of ticks) {
    if (!Number.isInteger(t.index) || t.index % tickSpacing !== 0 || t.index < MIN_TICK || t.index > MAX_TICK) {
      throw new PoolMathError("INVALID_POOL_STATE", `tick ${t.index} is not a valid tick for spacing ${tickSpacing}`);
    }
    if (t.index <= previous) throw new PoolMathError("INVALID_POOL_STATE", "ticks must be strictly ascending");
    previous = t.index;
  }
  return Object.freeze(ticks.map((t) => Object.freeze({ index: t.index, liquidityNet: t.liquidityNet })));
}

/**
 * Builds a tick list from what the contract exposes: the bitmap words (`tickBitmap(wordPos)`) and each initialized
 * tick's `liquidityNet` (`ticks(tick)`). Throws if a set bit has no liquidityNet.
 */
export function tickListFromBitmap(
  bitmap: TickBitmap,
  liquidityNet: ReadonlyMap<number, bigint>,
  tickSpacing: number,
): TickList {
  const ticks: InitializedTick[] = [];
  for (const [wordPos, word] of [...bitmap.entries()].sort((a, b) => a[0] - b[0])) {
    for (let bit = 0; bit < 256; bit++) {
      if (((word >> BigInt(bit)) & 1n) === 0n) continue;
      const index = (wordPos * 256 + bit) * tickSpacing;
      const net = liquidityNet.get(index);
      if (net === undefined) throw new PoolMathError("INVALID_POOL_STATE", `no liquidityNet for initialized tick ${index}`);
      ticks.push({ index, liquidityNet: net });
    }
  }
  return validateTickList(ticks, tickSpacing);
}

/** The bitmap words corresponding to a tick list (the inverse of `tickListFromBitmap`). */
export function bitmapFromTickList(ticks: TickList, tickSpacing: number): Map<number, bigint> {
  const bitmap = new Map<number, bigint>();
  for (const t of ticks) {
    const compressed = t.index / tickSpacing;
    const wordPos = compressed >> 8;
    bitmap.set(wordPos, (bitmap.get(wordPos) ?? 0n) | (1n << BigInt(compressed & 0xff)));
  }
  return bitmap;
}
