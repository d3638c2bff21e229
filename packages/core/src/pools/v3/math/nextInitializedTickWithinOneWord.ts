/** The tick bitmap of a pool: word position (compressed tick >> 8) → 256-bit word. Missing words are zero. */
export type TickBitmap = ReadonlyMap<number, bigint>;

export type NextInitializedTickReturnType = {
  /** The next initialized tick, or the last tick of the word if none is initialized up to the word boundary. */
  next: number;
  initialized: boolean;
};

/** floor(tick / tickSpacing), the contract's compressed tick (rounded towards negative infinity). */
export function compressTick(tick: number, tickSpacing: number): number {
  return Math.floor(tick / tickSpacing);
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * TickBitmap.nextInitializedTickWithinOneWord, on bitmap words as read from the contract's `tickBitmap(int16)`.
 * Searches at most one 256-tick word: to the left including `tick` (lte) or to the right excluding it.
 * This is the reference implementation; the swap uses the equivalent sorted-list form in `tickList.ts`.
 */
export function nextInitializedTickWithinOneWord(
  bitmap: TickBitmap,
  tick: number,
  tickSpacing: number,
  lte: boolean,
): NextInitializedTickReturnType {
  const compressed = compressTick(tick, tickSpacing);
  if (lte) {
    const wordPos = compressed >> 8;
    const bitPos = compressed & 0xff;
    const mask = (1n << BigInt(bitPos)) - 1n + (1n << BigInt(bitPos));
    const masked = (bitmap.get(wordPos) ?? 0n) & mask;
    const initialized = masked !== 0n;
    const next = initialized
      ? (compressed - (bitPos - (bitLength(masked) - 1))) * tickSpacing
      : (compressed - bitPos) * tickSpacing;
    return { next, initialized };
  }
  const start = compressed + 1;
  const wordPos = start >> 8;
  const bitPos = start & 0xff;
  const word = bitmap.get(wordPos) ?? 0n;
  const masked = word & ~((1n << BigInt(bitPos)) - 1n) & ((1n << 256n) - 1n);
  const initialized = masked !== 0n;
  const lsb = initialized ? bitLength(masked & -masked) - 1 : 0;
  const next = initialized ? (start + (lsb - bitPos)) * tickSpacing : (start + (255 - bitPos)) * tickSpacing;
  return { next, initialized };
}
