import type { Address } from "viem";
import { require_ } from "../errors.js";
import { isToken0, normalizeToken } from "../normalizeToken.js";
import type { Fraction, Pool, QuoteExactInReturnType } from "../types.js";
import { getAmountIn } from "./getAmountIn.js";
import { getAmountOut } from "./getAmountOut.js";

const MAX_UINT112 = (1n << 112n) - 1n;

export type V2PoolState = {
  address: Address;
  token0: Address;
  token1: Address;
  /** `getReserves()` of the pair. */
  reserve0: bigint;
  reserve1: bigint;
};

export type QuoteExactOutReturnType<P> = { amountIn: bigint; amountOut: bigint; poolAfter: P };

/** A Uniswap V2 pair (0.3% fee). Immutable: quotes return a new pool. */
export class V2Pool implements Pool {
  readonly protocol = "uniswap-v2" as const;
  readonly fee = 3000;
  readonly address: Address;
  readonly token0: Address;
  readonly token1: Address;
  readonly reserve0: bigint;
  readonly reserve1: bigint;

  constructor(state: V2PoolState) {
    this.address = normalizeToken(state.address);
    this.token0 = normalizeToken(state.token0);
    this.token1 = normalizeToken(state.token1);
    require_(this.token0 < this.token1, "INVALID_POOL_STATE", `pool ${this.address}: token0 must sort before token1`);
    require_(
      state.reserve0 >= 0n && state.reserve1 >= 0n && state.reserve0 <= MAX_UINT112 && state.reserve1 <= MAX_UINT112,
      "INVALID_POOL_STATE",
      `pool ${this.address}: reserves must be uint112`,
    );
    this.reserve0 = state.reserve0;
    this.reserve1 = state.reserve1;
    Object.freeze(this);
  }

  /** Same pair with new reserves (no re-validation). */
  private withReserves(reserve0: bigint, reserve1: bigint): V2Pool {
    const next = Object.create(V2Pool.prototype) as { -readonly [K in keyof V2Pool]: V2Pool[K] };
    Object.assign(next, this);
    next.reserve0 = reserve0;
    next.reserve1 = reserve1;
    return Object.freeze(next) as V2Pool;
  }

  quoteExactIn(tokenIn: Address, amountIn: bigint): QuoteExactInReturnType<this> {
    const zeroForOne = isToken0(this, tokenIn);
    if (amountIn === 0n) return { amountIn, amountOut: 0n, poolAfter: this, initializedTicksCrossed: 0 };
    const [reserveIn, reserveOut] = zeroForOne ? [this.reserve0, this.reserve1] : [this.reserve1, this.reserve0];
    const amountOut = getAmountOut({ amountIn, reserveIn, reserveOut });
    // amountOut 0 is returned, not thrown: the pair would revert (INSUFFICIENT_OUTPUT_AMOUNT); routes never use it.
    require_(reserveIn + amountIn <= MAX_UINT112, "OVERFLOW", "UniswapV2: OVERFLOW (balance exceeds uint112)");
    const poolAfter = zeroForOne
      ? this.withReserves(reserveIn + amountIn, reserveOut - amountOut)
      : this.withReserves(reserveOut - amountOut, reserveIn + amountIn);
    return { amountIn, amountOut, poolAfter: poolAfter as this, initializedTicksCrossed: 0 };
  }

  /** Exact-output quote (UniswapV2Library.getAmountIn). */
  quoteExactOut(tokenOut: Address, amountOut: bigint): QuoteExactOutReturnType<V2Pool> {
    const zeroForOne = !isToken0(this, tokenOut);
    const [reserveIn, reserveOut] = zeroForOne ? [this.reserve0, this.reserve1] : [this.reserve1, this.reserve0];
    const amountIn = getAmountIn({ amountOut, reserveIn, reserveOut });
    require_(reserveIn + amountIn <= MAX_UINT112, "OVERFLOW", "UniswapV2: OVERFLOW (balance exceeds uint112)");
    const poolAfter = zeroForOne
      ? this.withReserves(reserveIn + amountIn, reserveOut - amountOut)
      : this.withReserves(reserveOut - amountOut, reserveIn + amountIn);
    return { amountIn, amountOut, poolAfter };
  }

  midPrice(tokenIn: Address): Fraction {
    return isToken0(this, tokenIn)
      ? { numerator: this.reserve1, denominator: this.reserve0 }
      : { numerator: this.reserve0, denominator: this.reserve1 };
  }

  virtualReserves(tokenIn: Address): { reserveIn: number; reserveOut: number } {
    const r0 = Number(this.reserve0);
    const r1 = Number(this.reserve1);
    return isToken0(this, tokenIn) ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 };
  }
}
