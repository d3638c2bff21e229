import { formatUnits } from "viem";
import type { SwapQuote } from "./swapQuote.js";

/** The `quote` object of the interface (section 2), plus the route's splits and hops. Raw amounts as strings. */
export function formatQuote(q: SwapQuote) {
  return {
    amountIn: formatUnits(q.amountIn, q.tokenIn.decimals),
    amountOut: formatUnits(q.amountOut, q.tokenOut.decimals),
    amountOutRaw: q.amountOut.toString(),
    volumeUsd: Number(q.volumeUsd),
    rate: q.rate,
    protocol: q.protocol,
    poolAddress: q.poolAddress,
    priceImpactBps: q.priceImpactBps,
    amountInRaw: q.amountIn.toString(),
    tokenIn: q.tokenIn,
    tokenOut: q.tokenOut,
    blockNumber: q.block.toString(),
    route: {
      splits: q.route.splits.map((s) => ({
        amountIn: s.amountIn.toString(),
        amountOut: s.amountOut.toString(),
        hops: s.hops.map((h) => ({
          pool: h.poolAddress,
          protocol: h.protocol,
          fee: h.fee,
          tokenIn: h.tokenIn,
          tokenOut: h.tokenOut,
          amountIn: h.amountIn.toString(),
          amountOut: h.amountOut.toString(),
        })),
      })),
    },
  };
}

export type FormattedQuote = ReturnType<typeof formatQuote>;
