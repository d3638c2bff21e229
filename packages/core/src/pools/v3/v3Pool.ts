import type { Address } from "viem";
import { require_ } from "../errors.js";
import { isToken0, normalizeToken } from "../normalizeToken.js";
import type { Fraction, Pool, QuoteExactInReturnType, QuoteOptions } from "../types.js";
import { FEE_TIER_TICK_SPACINGS, MAX_SQRT_RATIO, MAX_TICK, MAX_UINT128, MIN_SQRT_RATIO, MIN_TICK, Q192 } from "./math/constants.js";
import { getSqrtRatioAtTick } from "./math/getSqrtRatioAtTick.js";
import { getTickAtSqrtRatio } from "./math/getTickAtSqrtRatio.js";
import { swap, type SwapReturnType } from "./swap.js";
import { validateTickList, type InitializedTick, type TickList } from "./tickList.js";

export type V3PoolState = {
  address: Address;
  token0: Address;
  token1: Address;
  /** Fee in pips: 100, 500, 3000 or 10000 (other values need an explicit tickSpacing). */
  fee: number;
  /** Defaults to the canonical spacing of the fee tier. */
  tickSpacing?: number;
  /** `slot0()`. */
  sqrtPriceX96: bigint;
  tick: number;
  /** `liquidity()`. */
  liquidity: bigint;
  /** Initialized ticks, ascending (see `tickListFromBitmap` to build them from the bitmap words). */
  ticks: readonly InitializedTick[];
  /** The tick range within which `ticks` is complete; omit when every initialized tick is listed. */
  tickDataRange?: readonly [number, number];
};

export type V3QuoteReturnType<P> = QuoteExactInReturnType & { poolAfter: P; swap: SwapReturnType };

/** A Uniswap V3 pool of any fee tier. Immutable: quotes return a new pool sharing the (frozen) tick list. */
export class V3Pool implements Pool {
  readonly protocol = "uniswap-v3" as const;
  readonly address: Address;
  readonly token0: Address;
  readonly token1: Address;
  readonly fee: number;
  readonly tickSpacing: number;
  readonly sqrtPriceX96: bigint;
  readonly tick: number;
  readonly liquidity: bigint;
  readonly ticks: TickList;
  readonly tickDataRange?: readonly [number, number];

  /** Validates `state` (token order, fee tier, uint ranges, tick consistent with the price, tick list). */
  constructor(state: V3PoolState) {
    this.address = normalizeToken(state.address);
    this.token0 = normalizeToken(state.token0);
    this.token1 = normalizeToken(state.token1);
    require_(this.token0 < this.token1, "INVALID_POOL_STATE", `pool ${this.address}: token0 must sort before token1`);
    this.fee = state.fee;
    const tickSpacing = state.tickSpacing ?? FEE_TIER_TICK_SPACINGS[state.fee];
    require_(
      tickSpacing !== undefined && Number.isInteger(tickSpacing) && tickSpacing > 0 && state.fee >= 0 && state.fee < 1_000_000,
      "INVALID_POOL_STATE",
      `pool ${this.address}: fee ${state.fee} needs a valid tickSpacing`,
    );
    this.tickSpacing = tickSpacing;
    require_(
      state.liquidity >= 0n && state.liquidity <= MAX_UINT128,
      "INVALID_POOL_STATE",
      `pool ${this.address}: liquidity must be uint128`,
    );
    const tickAtPrice = getTickAtSqrtRatio(state.sqrtPriceX96);
    require_(
      state.tick === tickAtPrice || (state.tick === tickAtPrice - 1 && getSqrtRatioAtTick(tickAtPrice) === state.sqrtPriceX96),
      "INVALID_POOL_STATE",
      `pool ${this.address}: tick ${state.tick} does not match sqrtPriceX96`,
    );
    this.sqrtPriceX96 = state.sqrtPriceX96;
    this.tick = state.tick;
    this.liquidity = state.liquidity;
    this.ticks = validateTickList(state.ticks, tickSpacing);
    require_(
      !state.tickDataRange || (Number.isInteger(state.tickDataRange[0]) && Number.isInteger(state.tickDataRange[1]) && state.tickDataRange[0] <= state.tickDataRange[1]),
      "INVALID_POOL_STATE",
      `pool ${this.address}: tickDataRange must be two ticks, lower first`,
    );
    if (state.tickDataRange) this.tickDataRange = Object.freeze([state.tickDataRange[0], state.tickDataRange[1]] as const);
    Object.freeze(this);
  }

  /** The state a swap leaves: same pool, new price, tick and liquidity (no re-validation; ticks are shared). */
  private after(result: SwapReturnType): V3Pool {
    const next = Object.create(V3Pool.prototype) as { -readonly [K in keyof V3Pool]: V3Pool[K] };
    Object.assign(next, this);
    next.sqrtPriceX96 = result.sqrtPriceX96;
    next.tick = result.tick;
    next.liquidity = result.liquidity;
    return Object.freeze(next) as V3Pool;
  }

  quoteExactIn(tokenIn: Address, amountIn: bigint, options?: QuoteOptions): V3QuoteReturnType<this> {
    const zeroForOne = isToken0(this, tokenIn);
    if (amountIn === 0n) {
      const swapResult = { amount0: 0n, amount1: 0n, sqrtPriceX96: this.sqrtPriceX96, tick: this.tick, liquidity: this.liquidity, initializedTicksCrossed: 0 };
      return { amountIn, amountOut: 0n, poolAfter: this, initializedTicksCrossed: 0, swap: swapResult };
    }
    require_(amountIn > 0n, "INSUFFICIENT_INPUT_AMOUNT", "quoteExactIn: amountIn must be positive");
    const result = swap(this, { zeroForOne, amountSpecified: amountIn, sqrtPriceLimitX96: this.priceLimit(zeroForOne, options) });
    const [paid, received] = zeroForOne ? [result.amount0, -result.amount1] : [result.amount1, -result.amount0];
    return {
      amountIn: paid,
      amountOut: received,
      poolAfter: this.after(result) as this,
      initializedTicksCrossed: result.initializedTicksCrossed,
      swap: result,
    };
  }

  /**
   * The sqrt price limit for `options.maxSqrtPriceMove` and `options.withinKnownTicks` (the nearer of the two), or
   * undefined (the quoter's default, no limit).
   */
  private priceLimit(zeroForOne: boolean, options?: QuoteOptions): bigint | undefined {
    const factor = options?.maxSqrtPriceMove;
    const range = options?.withinKnownTicks ? this.tickDataRange : undefined;
    if (!factor && !range) return undefined; // the common case: a quote takes no limit
    let limit: bigint | undefined;
    if (factor) {
      require_(Number.isInteger(factor) && factor > 1, "INVALID_PRICE_LIMIT", "maxSqrtPriceMove must be an integer > 1");
      limit = zeroForOne ? this.sqrtPriceX96 / BigInt(factor) : this.sqrtPriceX96 * BigInt(factor);
    }
    if (range) {
      const edge = getSqrtRatioAtTick(zeroForOne ? Math.max(range[0], MIN_TICK) : Math.min(range[1], MAX_TICK));
      // The nearer of the two: the higher when the price falls, the lower when it rises.
      if (limit === undefined || (zeroForOne ? edge > limit : edge < limit)) limit = edge;
    }
    // Only a limit strictly between the price and the end of the price range is one the swap takes.
    if (zeroForOne) return limit! < this.sqrtPriceX96 && limit! > MIN_SQRT_RATIO ? limit : undefined;
    return limit! > this.sqrtPriceX96 && limit! < MAX_SQRT_RATIO ? limit : undefined;
  }

  /** Exact-output quote; `amountOut` is less than requested if the pool runs out of liquidity. */
  quoteExactOut(tokenOut: Address, amountOut: bigint): V3QuoteReturnType<V3Pool> {
    const zeroForOne = !isToken0(this, tokenOut);
    require_(amountOut > 0n, "INSUFFICIENT_OUTPUT_AMOUNT", "quoteExactOut: amountOut must be positive");
    const result = swap(this, { zeroForOne, amountSpecified: -amountOut });
    const [paid, received] = zeroForOne ? [result.amount0, -result.amount1] : [result.amount1, -result.amount0];
    return {
      amountIn: paid,
      amountOut: received,
      poolAfter: this.after(result),
      initializedTicksCrossed: result.initializedTicksCrossed,
      swap: result,
    };
  }

  midPrice(tokenIn: Address): Fraction {
    const priceX192 = this.sqrtPriceX96 * this.sqrtPriceX96;
    return isToken0(this, tokenIn)
      ? { numerator: priceX192, denominator: Q192 }
      : { numerator: Q192, denominator: priceX192 };
  }

  virtualReserves(tokenIn: Address): { reserveIn: number; reserveOut: number } {
    const sqrtPrice = Number(this.sqrtPriceX96) / 2 ** 96;
    const liquidity = Number(this.liquidity);
    const reserve0 = liquidity / sqrtPrice;
    const reserve1 = liquidity * sqrtPrice;
    return isToken0(this, tokenIn) ? { reserveIn: reserve0, reserveOut: reserve1 } : { reserveIn: reserve1, reserveOut: reserve0 };
  }
}
