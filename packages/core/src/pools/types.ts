import type { Address } from "viem";

export type PoolProtocol = "uniswap-v2" | "uniswap-v3";

/** A price as an exact fraction: `numerator / denominator` units of one token per unit of the other. */
export type Fraction = { readonly numerator: bigint; readonly denominator: bigint };

export type QuoteExactInReturnType<P extends Pool = Pool> = {
  /** Input the pool actually takes: less than requested only when a V3 pool runs out of liquidity. */
  amountIn: bigint;
  amountOut: bigint;
  /** The pool's state after the swap: a new object; the quoted pool is never mutated. */
  poolAfter: P;
  /** V3 initialized ticks crossed (0 for V2), for gas estimation. */
  initializedTicksCrossed: number;
};

export type QuoteOptions = {
  /**
   * Stop the swap once the sqrt price has moved by this integer factor (V3 only; a V2 quote is O(1)). A quote that
   * stops there reports the input it actually consumed, less than requested; a quote that does not reach it is
   * identical to an unlimited one. Routers use it to avoid walking thousands of ticks for hopeless hops.
   */
  maxSqrtPriceMove?: number;
  /**
   * Stop the swap at the edge of the ticks known for the pool (a V3 pool kept only near its price, `tickDataRange`)
   * instead of refusing to go past it; the input consumed is then less than requested. For measures of what a pool
   * holds (`poolPayout`): a lower bound there, never a quote to execute.
   */
  withinKnownTicks?: boolean;
};

/**
 * A liquidity pool as the router sees it: an immutable snapshot of on-chain state that can quote a swap exactly
 * (bit-exact with the contract) and return the state the swap leaves.
 */
export interface Pool {
  readonly protocol: PoolProtocol;
  readonly address: Address;
  /** Lower-cased token addresses, token0 < token1 as in the contracts. */
  readonly token0: Address;
  readonly token1: Address;
  /** Fee in pips (millionths): 3000 = 0.3%. V2 pools are 3000. */
  readonly fee: number;
  /** Exact-input quote. `amountIn` 0 returns 0 and the same pool. Throws `PoolMathError` where the contract reverts. */
  quoteExactIn(tokenIn: Address, amountIn: bigint, options?: QuoteOptions): QuoteExactInReturnType<this>;
  /**
   * The marginal price, fee excluded, in units of the other token per unit of `tokenIn`
   * (V2: reserveOut / reserveIn; V3: sqrtPrice² / 2^192 or its inverse).
   */
  midPrice(tokenIn: Address): Fraction;
  /**
   * Float heuristic for fast search, never used for amounts: virtual reserves (in, out) such that
   * out × a × (1 − fee) / (in + a × (1 − fee)) approximates the quote for small to moderate amounts.
   */
  virtualReserves(tokenIn: Address): { reserveIn: number; reserveOut: number };
}

/** The other token of a pool. */
export function otherToken(pool: Pool, token: Address): Address {
  return token === pool.token0 ? pool.token1 : pool.token0;
}
