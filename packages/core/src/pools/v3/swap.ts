import { PoolMathError, require_ } from "../errors.js";
import { addDelta } from "./math/addDelta.js";
import { computeSwapStep } from "./math/computeSwapStep.js";
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from "./math/constants.js";
import { getSqrtRatioAtTick } from "./math/getSqrtRatioAtTick.js";
import { getTickAtSqrtRatio } from "./math/getTickAtSqrtRatio.js";
import { compressTick } from "./math/nextInitializedTickWithinOneWord.js";
import { lastTickAtOrBelow, nextInitializedTickInList, type TickList } from "./tickList.js";

/** The part of a V3 pool's state that a swap reads and writes. */
export type V3SwapState = {
  readonly fee: number;
  readonly tickSpacing: number;
  readonly sqrtPriceX96: bigint;
  readonly tick: number;
  readonly liquidity: bigint;
  readonly ticks: TickList;
  /**
   * The tick range [lower, upper] within which `ticks` is complete; omitted when it holds every initialized tick.
   * A swap from a price outside it, or that would move the price beyond it, throws TICK_DATA_INCOMPLETE instead of
   * guessing.
   */
  readonly tickDataRange?: readonly [number, number];
};

export type SwapParameters = {
  zeroForOne: boolean;
  /** > 0: exact input; < 0: exact output (the contract's convention). */
  amountSpecified: bigint;
  /** Defaults to MIN_SQRT_RATIO + 1 / MAX_SQRT_RATIO - 1, as the quoter does. */
  sqrtPriceLimitX96?: bigint;
};

export type SwapReturnType = {
  /** Token deltas from the pool's point of view, as returned by the contract: > 0 received, < 0 paid out. */
  amount0: bigint;
  amount1: bigint;
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  /** Initialized ticks crossed (each costs a tick update on chain). */
  initializedTicksCrossed: number;
};

/**
 * Where the next step ends when the in-range liquidity is zero: every step over an empty range moves the price to its
 * target and swaps nothing, so word boundaries can be skipped up to the next initialized tick, stopping one word short
 * of the price limit so that the final steps are taken exactly as the contract takes them.
 */
function skipTarget(state: V3SwapState, tick: number, zeroForOne: boolean, limit: bigint): { next: number; initialized: boolean } {
  const { ticks, tickSpacing } = state;
  const limitWord = compressTick(getTickAtSqrtRatio(limit), tickSpacing) >> 8;
  const oneWord = nextInitializedTickInList(ticks, tick, tickSpacing, zeroForOne);
  if (zeroForOne) {
    const i = lastTickAtOrBelow(ticks, tick);
    const initialized = i >= 0 ? ticks[i]!.index : MIN_TICK;
    const safe = (limitWord + 1) * 256 * tickSpacing; // a word start the contract visits, above the limit's word
    const next = Math.max(initialized, safe);
    return next < oneWord.next ? { next, initialized: i >= 0 && next === initialized } : oneWord;
  }
  const j = lastTickAtOrBelow(ticks, tick) + 1;
  const initialized = j < ticks.length ? ticks[j]!.index : MAX_TICK;
  const safe = (limitWord * 256 - 1) * tickSpacing; // a word end the contract visits, below the limit's word
  const next = Math.min(initialized, safe);
  return next > oneWord.next ? { next, initialized: j < ticks.length && next === initialized } : oneWord;
}

const MAX_SWAP_STEPS = 1_000_000;

/**
 * UniswapV3Pool.swap without transfers, fees accounting or oracle: the same loop, stepping at every initialized tick
 * and every tick-bitmap word boundary, with the same rounding, so amounts and the final state are bit-exact.
 * Never mutates `state`.
 */
export function swap(state: V3SwapState, { zeroForOne, amountSpecified, sqrtPriceLimitX96 }: SwapParameters): SwapReturnType {
  const limit = sqrtPriceLimitX96 ?? (zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n);
  require_(amountSpecified !== 0n, "INSUFFICIENT_INPUT_AMOUNT", "swap: amountSpecified is zero (AS)");
  require_(
    zeroForOne
      ? limit < state.sqrtPriceX96 && limit > MIN_SQRT_RATIO
      : limit > state.sqrtPriceX96 && limit < MAX_SQRT_RATIO,
    "INVALID_PRICE_LIMIT",
    "swap: the price limit is on the wrong side of the price or out of range (SPL)",
  );
  const exactInput = amountSpecified > 0n;
  const range = state.tickDataRange;
  // A price outside the known range has unknown ticks between it and the range, whichever way it moves.
  if (range && (state.tick < range[0] || state.tick > range[1])) {
    throw new PoolMathError("TICK_DATA_INCOMPLETE", "swap: the price is outside the ticks known for this pool");
  }
  let remaining = amountSpecified;
  let calculated = 0n;
  let sqrtPriceX96 = state.sqrtPriceX96;
  let tick = state.tick;
  let liquidity = state.liquidity;
  let initializedTicksCrossed = 0;
  let steps = 0;

  while (remaining !== 0n && sqrtPriceX96 !== limit) {
    // The contract's loop is bounded by gas; this one by a step count far above any consistent state's (every
    // bitmap word of the full tick range at spacing 1 plus every initialized tick), so an inconsistent state fails
    // instead of spinning the isolate.
    if (++steps > MAX_SWAP_STEPS) {
      throw new PoolMathError("INVALID_POOL_STATE", "swap: the pool state does not converge (inconsistent tick data)");
    }
    const sqrtPriceStartX96 = sqrtPriceX96;
    let { next: tickNext, initialized } =
      liquidity === 0n
        ? skipTarget(state, tick, zeroForOne, limit)
        : nextInitializedTickInList(state.ticks, tick, state.tickSpacing, zeroForOne);
    if (tickNext < MIN_TICK) tickNext = MIN_TICK;
    else if (tickNext > MAX_TICK) tickNext = MAX_TICK;
    const sqrtPriceNextX96 = getSqrtRatioAtTick(tickNext);
    const target = (zeroForOne ? sqrtPriceNextX96 < limit : sqrtPriceNextX96 > limit) ? limit : sqrtPriceNextX96;

    const step = computeSwapStep(sqrtPriceX96, target, liquidity, remaining, state.fee);
    sqrtPriceX96 = step.sqrtRatioNextX96;
    if (range && (zeroForOne ? tickNext < range[0] : tickNext > range[1])) {
      const edge = getSqrtRatioAtTick(zeroForOne ? range[0] : range[1]);
      if (zeroForOne ? sqrtPriceX96 < edge : sqrtPriceX96 > edge) {
        throw new PoolMathError("TICK_DATA_INCOMPLETE", "swap: the price moves beyond the ticks known for this pool");
      }
    }
    if (exactInput) {
      remaining -= step.amountIn + step.feeAmount;
      calculated -= step.amountOut;
    } else {
      remaining += step.amountOut;
      calculated += step.amountIn + step.feeAmount;
    }

    if (sqrtPriceX96 === sqrtPriceNextX96) {
      if (initialized) {
        const i = lastTickAtOrBelow(state.ticks, tickNext);
        const net = state.ticks[i]!.liquidityNet;
        liquidity = addDelta(liquidity, zeroForOne ? -net : net);
        initializedTicksCrossed++;
      }
      tick = zeroForOne ? tickNext - 1 : tickNext;
    } else if (sqrtPriceX96 !== sqrtPriceStartX96) {
      // recompute unless we're on a lower tick boundary (i.e. already transitioned ticks), and haven't moved
      tick = getTickAtSqrtRatio(sqrtPriceX96);
    }
  }

  const [amount0, amount1] =
    zeroForOne === exactInput ? [amountSpecified - remaining, calculated] : [calculated, amountSpecified - remaining];
  return { amount0, amount1, sqrtPriceX96, tick, liquidity, initializedTicksCrossed };
}
