import type { Address } from "viem";
import type { Pool, PoolProtocol } from "../pools/types.js";

/** A sequence of pools leading from `tokens[0]` to `tokens[tokens.length - 1]`. */
export type Path = {
  readonly pools: readonly Pool[];
  /** tokens[i] is swapped into pools[i] for tokens[i + 1]. */
  readonly tokens: readonly Address[];
};

export type RouteHop = {
  poolAddress: Address;
  protocol: PoolProtocol;
  /** Fee in pips. */
  fee: number;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  amountOut: bigint;
};

export type RouteSplit = { amountIn: bigint; amountOut: bigint; hops: RouteHop[] };

export type Route = {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** Exactly what the chain pays for these splits executed in order, each on the state the previous ones leave. */
  amountOut: bigint;
  /** Executed in array order; a pool used by several splits is quoted on the state the earlier ones leave. */
  splits: RouteSplit[];
  /** 10000 × (1 − amountOut ÷ Σ amountIn_s × mid price of path s), rounded up; fees included. See README. */
  priceImpactBps: number;
  /** Rough gas units of the swaps (not of the surrounding transaction). */
  gasEstimate: bigint;
};
