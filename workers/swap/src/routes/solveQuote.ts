import type { ChainName, ExecutorRoute, Redis } from "@sluice/core";
import { chainIndexSourceFromEnv, type IndexerEnv } from "@sluice/core/indexer/chainIndexSourceFromEnv";
import { redisGraphStore } from "@sluice/core/indexer/graphStore";
import { formatQuote } from "@sluice/core/quoting/formatQuote";
import { quoteSwap } from "@sluice/core/quoting/quoteSwap";
import { getAddress, type Address, type PublicClient } from "viem";

export type SolveQuoteRequest = {
  env: IndexerEnv;
  /** This request's chain client (never one shared across requests). */
  client: PublicClient;
  redis: Redis;
  chain: ChainName;
  from: string;
  to: string;
  amount: string;
  fromAddress?: string;
  fromDecimals?: number;
  toAddress?: string;
  toDecimals?: number;
};

/** The re-quote /solve acts on: the same quote /route answers, on the latest state. */
export type SolveQuote = {
  tokenIn: { address: Address; symbol: string; decimals: number };
  tokenOut: { address: Address; symbol: string; decimals: number };
  amountInRaw: bigint;
  amountOutRaw: bigint;
  /** Exact decimal string. */
  volumeUsd: string;
  priceImpactBps: number;
  gaslessEligible: boolean;
  gaslessMinimumUsd: string;
  route: ExecutorRoute;
  /** The interface's `quote` object (amountIn, amountOut, amountOutRaw, volumeUsd, rate, protocol, priceImpactBps …). */
  quote: ReturnType<typeof formatQuote>;
};

/**
 * Re-quotes through the same quoting function /route uses (`quoteSwap`): every pool of the route read at the chain's
 * latest block. Throws its SluiceErrors (UNSUPPORTED_TOKEN, NO_ROUTE, PRICE_IMPACT_TOO_HIGH, UPSTREAM_ERROR, …).
 */
export async function quoteForSolve(r: SolveQuoteRequest): Promise<SolveQuote> {
  const source = { ...chainIndexSourceFromEnv(r.env, r.chain, redisGraphStore(r.redis)), client: r.client };
  const q = await quoteSwap({
    chain: r.chain, deployment: source.deployment, source, amount: r.amount, withPermit: false,
    from: { token: r.from, address: r.fromAddress, decimals: r.fromDecimals },
    to: { token: r.to, address: r.toAddress, decimals: r.toDecimals },
  });
  return {
    tokenIn: { ...q.tokenIn, address: getAddress(q.tokenIn.address) },
    tokenOut: { ...q.tokenOut, address: getAddress(q.tokenOut.address) },
    amountInRaw: q.amountIn,
    amountOutRaw: q.amountOut,
    volumeUsd: q.volumeUsd,
    priceImpactBps: q.priceImpactBps,
    gaslessEligible: q.gaslessEligible,
    gaslessMinimumUsd: q.gaslessMinimumUsd,
    route: q.executorRoute,
    quote: formatQuote(q),
  };
}
