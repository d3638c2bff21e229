/**
 * The route as the executor contract consumes it: what to swap where, nothing about prices or quotes.
 * The routing engine's own route type is richer; an adapter maps it onto this shape.
 */
import type { Address } from "viem";

/** Which Uniswap contract a hop swaps through. */
export type ExecutorPoolKind = "v2" | "v3";

/**
 * One swap through one pool. The executor authenticates the pool: it must be the configured factory's pool for the
 * two tokens (and, for V3, `fee`), so the fee travels with a V3 hop.
 */
export type ExecutorHop = {
  /** A Uniswap V2 pair or V3 pool. */
  pool: Address;
  tokenIn: Address;
  tokenOut: Address;
} & ({ kind: "v2" } | { kind: "v3"; /** The pool's fee tier in pips (500 = 0.05 %). */ fee: number });

/** One path from the input token to the output token, fed `amountIn` of the input (raw units). */
export type ExecutorSplit = {
  amountIn: bigint;
  hops: readonly ExecutorHop[];
};

/**
 * Splits run one after another, each spending its own share of the input. Their `amountIn`s must add up to the
 * permit's amount, and they must all end in the same output token.
 */
export type ExecutorRoute = {
  splits: readonly ExecutorSplit[];
};
