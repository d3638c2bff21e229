import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { ExecutorRoute } from "../executor/executorRoute.js";
import type { Route } from "../routing/types.js";
import type { PermitTypedData } from "./buildPermit.js";
import type { ResolvedToken } from "./resolveToken.js";

/** A complete same-chain quote: exact raw amounts, the route and its executor form, USD value, gasless verdict. */
export type SwapQuote = {
  chain: ChainName;
  chainId: number;
  tokenIn: ResolvedToken;
  tokenOut: ResolvedToken;
  /** Raw base units. */
  amountIn: bigint;
  /** Raw base units: exactly what the executor pays for `executorRoute` on the state of `block`. */
  amountOut: bigint;
  /** USD value of the swap, exact decimal string (6 places at most). */
  volumeUsd: string;
  /** Which side `volumeUsd` values (`swapValueUsd`): the input, the output (the input is not curated), or neither (0). */
  volumeSide: "in" | "out" | null;
  /** "1 WETH = 2991.37 USDC". */
  rate: string;
  /** The protocols of the route's pools, "uniswap-v3" or "uniswap-v2+uniswap-v3". */
  protocol: string;
  /** First pool of the split taking the largest share. */
  poolAddress: Address;
  priceImpactBps: number;
  route: Route;
  executorRoute: ExecutorRoute;
  gaslessMinimumUsd: string;
  /** At or above the chain's gasless minimum, and the chain has an executor. */
  gaslessEligible: boolean;
  /** The executor (Permit2 spender) on this chain, when deployed. */
  executor: Address | null;
  /** Ready-to-sign Permit2 typed data, when the chain has an executor and it was asked for (gasless or user-paid). */
  permit?: PermitTypedData;
  /** The block whose state the route was quoted on. */
  block: bigint;
  /** Pools re-read from the chain for this quote. */
  poolsRefreshed: number;
};

/** Price impact above this many bps is refused (interface §8). */
export const MAX_PRICE_IMPACT_BPS = 500;

/** The default maximum slippage of a swap (interface §4): /solve's bound on a fresh quote and /route's permit minimum. */
export const DEFAULT_SLIPPAGE_BPS = 5;
