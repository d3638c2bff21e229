import type { Address } from "viem";
import type { Fraction, Pool } from "../pools/types.js";
import { quotePath } from "./quotePath.js";
import type { Path, Route, RouteSplit } from "./types.js";

/** Rough gas per hop: V2 swap ≈ 60k, V3 swap ≈ 100k plus ≈ 25k per initialized tick crossed; 20k per extra split. */
export const GAS = { v2Hop: 60_000n, v3Hop: 100_000n, v3TickCrossed: 25_000n, split: 20_000n } as const;

export type Allocation = { path: Path; amountIn: bigint };

/** Mid price of a path (fee excluded): product of each pool's mid price, in tokenOut per tokenIn. */
function pathMidPrice(path: Path): Fraction {
  let numerator = 1n;
  let denominator = 1n;
  for (let i = 0; i < path.pools.length; i++) {
    const mid = path.pools[i]!.midPrice(path.tokens[i]!);
    numerator *= mid.numerator;
    denominator *= mid.denominator;
  }
  return { numerator, denominator };
}

/**
 * Price impact in bps, rounded up: 10000 × (1 − amountOut ÷ spotOut), where spotOut = Σ amountIn_s × midPrice_s is
 * what the splits would receive at the pools' current mid prices with no fee and no slippage. Fees are therefore part
 * of the impact. Exact rational arithmetic; never negative.
 */
export function computePriceImpactBps(allocations: readonly Allocation[], amountOut: bigint): number {
  // spotOut = N / D with D = Π denominators
  let numerator = 0n;
  let denominator = 1n;
  for (const { path, amountIn } of allocations) {
    const mid = pathMidPrice(path);
    numerator = numerator * mid.denominator + amountIn * mid.numerator * denominator;
    denominator *= mid.denominator;
  }
  if (numerator === 0n) return 0;
  const shortfall = numerator - amountOut * denominator;
  if (shortfall <= 0n) return 0;
  const bps = (shortfall * 10_000n + numerator - 1n) / numerator;
  return Number(bps);
}

/**
 * Quotes allocations exactly, end to end, in order: each split on the pool states the previous splits leave.
 * Returns undefined if any split cannot be executed in full (see quotePath). Zero allocations are dropped.
 */
export function quoteRoute(
  tokenIn: Address,
  tokenOut: Address,
  allocations: readonly Allocation[],
): Route | undefined {
  const states = new Map<Address, Pool>();
  const splits: RouteSplit[] = [];
  const used: Allocation[] = [];
  let amountIn = 0n;
  let amountOut = 0n;
  let gasEstimate = 0n;
  for (const allocation of allocations) {
    if (allocation.amountIn === 0n) continue;
    const quote = quotePath(allocation.path, allocation.amountIn, states);
    if (!quote) return undefined;
    for (const pool of quote.poolsAfter) states.set(pool.address, pool);
    splits.push({ amountIn: allocation.amountIn, amountOut: quote.amountOut, hops: quote.hops });
    used.push(allocation);
    amountIn += allocation.amountIn;
    amountOut += quote.amountOut;
    for (const hop of quote.hops) gasEstimate += hop.protocol === "uniswap-v2" ? GAS.v2Hop : GAS.v3Hop;
    gasEstimate += BigInt(quote.initializedTicksCrossed) * GAS.v3TickCrossed;
  }
  if (splits.length === 0) return undefined;
  gasEstimate += BigInt(splits.length - 1) * GAS.split;
  return { tokenIn, tokenOut, amountIn, amountOut, splits, priceImpactBps: computePriceImpactBps(used, amountOut), gasEstimate };
}
