import { formatUnits, zeroAddress, type Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { Route } from "../routing/types.js";
import { buildPermit } from "./buildPermit.js";
import { marketPriceImpactBps } from "./marketPriceImpactBps.js";
import { compareRatios, ratioFromDecimal, ratioToDecimal, ratioToSignificant } from "./decimalFraction.js";
import type { ResolvedToken } from "./resolveToken.js";
import type { SwapQuote } from "./swapQuote.js";
import { toExecutorRoute } from "./toExecutorRoute.js";
import { swapValueUsd } from "./swapValueUsd.js";
import { valueInUsd } from "./valueInUsd.js";

export type AssembleQuoteParameters = {
  graph: ChainGraph;
  chain: ChainName;
  tokenIn: ResolvedToken;
  tokenOut: ResolvedToken;
  route: Route;
  /** The chain's gasless minimum in USD (decimal string). */
  gaslessMinimumUsd: string;
  executor: Address | null;
  /** Attach a ready-to-sign permit when gasless-eligible. */
  withPermit: boolean;
  nowSeconds: number;
  /** The permit's witness: its minimum is the output less this slippage; its recipient (default: the signer). */
  slippageBps: number;
  recipient?: Address;
  block: bigint;
  poolsRefreshed: number;
};

/**
 * Turns a route into the full quote (pure): USD value through the graph, rate, primary pool and protocol, gasless
 * verdict and permit. The USD value is that of its curated side at the graph's mid prices (`swapValueUsd`: the
 * input when curated, else the output); a swap between two uncurated tokens, with an unlisted token, or one the graph
 * cannot price, is worth 0 USD and so not gasless.
 */
export function assembleQuote(p: AssembleQuoteParameters): SwapQuote {
  const { route, tokenIn, tokenOut } = p;
  // Each side priced once: the volume is the curated side's value, and the price impact compares the two.
  const valueIn = valueInUsd(p.graph, tokenIn.address, route.amountIn);
  const valueOut = valueInUsd(p.graph, tokenOut.address, route.amountOut);
  const { usd, side } = swapValueUsd({ chain: p.chain, tokenIn, tokenOut, valueIn, valueOut });
  const executor = p.executor && p.executor !== zeroAddress ? p.executor : null;
  // A swap worth 0 by the rules of `swapValueUsd` is never gasless, even where an operator set a minimum of 0.
  const gaslessEligible = executor !== null && side !== null && compareRatios(usd, ratioFromDecimal(p.gaslessMinimumUsd)) >= 0;
  const primary = [...route.splits].sort((a, b) => (b.amountIn > a.amountIn ? 1 : b.amountIn < a.amountIn ? -1 : 0))[0]!;
  const protocols = [...new Set(route.splits.flatMap((s) => s.hops.map((h) => h.protocol)))].sort();
  const rate = ratioToSignificant({
    numerator: route.amountOut * 10n ** BigInt(tokenIn.decimals),
    denominator: route.amountIn * 10n ** BigInt(tokenOut.decimals),
  }, 8);
  return {
    chain: p.chain,
    chainId: chains[p.chain].id,
    tokenIn,
    tokenOut,
    amountIn: route.amountIn,
    amountOut: route.amountOut,
    // Rounded down: the volume rebates are paid on never exceeds the swap's value, and a swap just under the gasless
    // minimum never reads as the minimum itself ("20 USD is below the 20 USD minimum").
    volumeUsd: ratioToDecimal(usd, 6, "floor"),
    volumeSide: side,
    rate: `1 ${tokenIn.symbol} = ${rate} ${tokenOut.symbol}`,
    protocol: protocols.join("+"),
    poolAddress: primary.hops[0]!.poolAddress,
    // Against the market's reference prices when both sides have one (the route's own measure otherwise).
    priceImpactBps: marketPriceImpactBps({ valueIn, valueOut }) ?? route.priceImpactBps,
    route,
    executorRoute: toExecutorRoute(route),
    gaslessMinimumUsd: p.gaslessMinimumUsd,
    gaslessEligible,
    executor,
    // Below the gasless minimum too: the user-paid (encode-only) path spends a Permit2 permit as well.
    permit: executor !== null && p.withPermit
      ? buildPermit({
        chainId: chains[p.chain].id, token: tokenIn.address, amount: route.amountIn, spender: executor!, nowSeconds: p.nowSeconds,
        tokenOut: tokenOut.address, minAmountOut: (route.amountOut * BigInt(10_000 - p.slippageBps)) / 10_000n, recipient: p.recipient,
      })
      : undefined,
    block: p.block,
    poolsRefreshed: p.poolsRefreshed,
  };
}

/** Human-readable raw amount (exact). */
export function formatAmount(raw: bigint, decimals: number): string {
  return formatUnits(raw, decimals);
}
