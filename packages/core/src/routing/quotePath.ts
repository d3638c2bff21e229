import type { Address } from "viem";
import { PoolMathError } from "../pools/errors.js";
import type { Pool, QuoteOptions } from "../pools/types.js";
import type { Path, RouteHop } from "./types.js";

/**
 * Routes never move a pool's sqrt price by more than 4× (its price by 16×, over 93% impact on that hop): such hops
 * are rejected instead of being walked tick by tick. It only excludes hops; it never changes a reported amount.
 */
export const ROUTING_QUOTE_OPTIONS: QuoteOptions = { maxSqrtPriceMove: 4 };

/** Current pool states by address; a pool absent from the map is in its original state. */
export type PoolStates = ReadonlyMap<Address, Pool>;

export type QuotePathReturnType = {
  amountOut: bigint;
  hops: RouteHop[];
  /** The pools the path touched, in their state after the swap. */
  poolsAfter: Pool[];
  initializedTicksCrossed: number;
};

/**
 * Exact quote of `amountIn` along `path`, each hop on the state in `states` (or the original pool).
 * Returns undefined when the chain would not execute it as a full exact-input swap: a hop reverts, a pool cannot
 * absorb its whole input, or a hop pays nothing.
 */
export function quotePath(
  path: Path,
  amountIn: bigint,
  states: PoolStates = new Map(),
  options: QuoteOptions = ROUTING_QUOTE_OPTIONS,
): QuotePathReturnType | undefined {
  let amount = amountIn;
  const hops: RouteHop[] = [];
  const poolsAfter: Pool[] = [];
  let initializedTicksCrossed = 0;
  for (let i = 0; i < path.pools.length; i++) {
    const original = path.pools[i]!;
    const pool = states.get(original.address) ?? original;
    const tokenIn = path.tokens[i]!;
    let quote;
    try {
      quote = pool.quoteExactIn(tokenIn, amount, options);
    } catch (error) {
      if (error instanceof PoolMathError) return undefined;
      throw error;
    }
    if (quote.amountIn !== amount || quote.amountOut <= 0n) return undefined;
    hops.push({
      poolAddress: pool.address,
      protocol: pool.protocol,
      fee: pool.fee,
      tokenIn,
      tokenOut: path.tokens[i + 1]!,
      amountIn: amount,
      amountOut: quote.amountOut,
    });
    poolsAfter.push(quote.poolAfter);
    initializedTicksCrossed += quote.initializedTicksCrossed;
    amount = quote.amountOut;
  }
  return { amountOut: amount, hops, poolsAfter, initializedTicksCrossed };
}
