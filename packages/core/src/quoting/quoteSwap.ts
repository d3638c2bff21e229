import type { Address } from "viem";
import type { TimeStage } from "../http/timeStage.js";
import type { ChainName } from "../chains/chains.js";
import { DEFAULT_SLIPPAGE_BPS } from "./swapQuote.js";
import { chains } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainIndexSource } from "../indexer/chainIndexSource.js";
import { loadGraph } from "../indexer/loadGraph.js";
import type { ChainDeployment } from "../chains/chainConfig.js";
import { assembleQuote } from "./assembleQuote.js";
import { refreshPools } from "../indexer/refreshPools.js";
import { findFreshRoute } from "../routing/findFreshRoute.js";
import { isListedToken } from "./isListedToken.js";
import type { RoutingGraphCache } from "../routing/routingGraphCache.js";
import { checkAmountFormat, parseAmount } from "./parseAmount.js";
import { resolveToken, type TokenSpec } from "./resolveToken.js";
import { MAX_PRICE_IMPACT_BPS, type SwapQuote } from "./swapQuote.js";
import { priceImpactTooHigh } from "./quoteErrors.js";

export type QuoteSwapParameters = {
  chain: ChainName;
  /** The chain's deployment configuration (executor, gasless minimum override). */
  deployment: ChainDeployment;
  /** Where the chain's graph comes from (see `chainIndexSourceFromEnv`). */
  source: ChainIndexSource;
  /** This isolate's router index of each graph. */
  routingGraphs: RoutingGraphCache;
  from: TokenSpec;
  to: TokenSpec;
  /** Human-readable input amount ("1.5"). */
  amount: string;
  /** Attach a ready-to-sign Permit2 permit when gasless-eligible. Default true. */
  withPermit?: boolean;
  /** Unix seconds (permit deadline base). Default: now. */
  nowSeconds?: number;
  /** The permit's witness: minimum = output less this slippage (default `DEFAULT_SLIPPAGE_BPS`), and its recipient. */
  slippageBps?: number;
  recipient?: Address;
  /** Reports each stage's duration (the request's `Server-Timing`): graph, block, route, assemble. */
  time?: TimeStage;
};

/**
 * Quotes an exact-input same-chain swap on the chain's current state (the quoter): resolves the tokens, parses the
 * amount, asks the router for the best route on fresh pool state (`findFreshRoute`, with the provider's pool
 * refresher injected) and assembles the quote.
 * Cost on the hot path: one `eth_blockNumber` (concurrent with loading the graph) and, when the graph is older than
 * that block, one Multicall3 call re-reading the candidate pools.
 *
 * Throws SluiceError: MALFORMED_REQUEST (bad amount, decimals), UNSUPPORTED_TOKEN, NO_ROUTE,
 * PRICE_IMPACT_TOO_HIGH (above 500 bps), DEPENDENCY_DOWN (the chain's RPC failed). A swap below the gasless minimum is
 * not an error here: the quote says `gaslessEligible: false` (see `swapTooSmall` for the interface's failure).
 */
export async function quoteSwap(p: QuoteSwapParameters): Promise<SwapQuote> {
  checkAmountFormat(p.amount);
  const time: TimeStage = p.time ?? (async (_name, work) => work());
  const [graph, latestBlock] = await Promise.all([
    time("graph", () => upstream(p.chain, () => loadGraph(p.source))),
    time("block", () => upstream(p.chain, () => p.source.client.getBlockNumber({ cacheTime: 0 }))),
  ]);
  const tokenIn = resolveToken(graph, p.chain, p.from, "from");
  const tokenOut = resolveToken(graph, p.chain, p.to, "to");
  if (tokenIn.address === tokenOut.address) throw new SluiceError("MALFORMED_REQUEST", "to: must be a different token than from");
  const amountIn = parseAmount(p.amount, tokenIn.decimals, tokenIn.symbol);

  const { route, poolsRefreshed } = await time("route", () => upstream(p.chain, async () =>
    findFreshRoute({
      graph, routingGraphs: p.routingGraphs, tokenIn: tokenIn.address, tokenOut: tokenOut.address, amountIn,
      refresh: (pools) => refreshPools({ graph, client: p.source.client, pools, latestBlock }),
      // Only listed tokens carry a route through them: a look-alike or fee-on-transfer token is never a hop.
      canHop: (token) => isListedToken(graph, p.chain, token),
      symbols: { in: tokenIn.symbol, out: tokenOut.symbol },
    })));
  const quote = assembleQuote({
    graph, chain: p.chain, tokenIn, tokenOut, route,
    gaslessMinimumUsd: p.deployment.gaslessMinimumUsd ?? chains[p.chain].gaslessMinimumUsd,
    executor: p.deployment.executor,
    withPermit: p.withPermit ?? true,
    nowSeconds: p.nowSeconds ?? Date.now() / 1000,
    slippageBps: p.slippageBps ?? DEFAULT_SLIPPAGE_BPS,
    recipient: p.recipient,
    block: latestBlock,
    poolsRefreshed,
  });
  if (quote.priceImpactBps > MAX_PRICE_IMPACT_BPS) throw priceImpactTooHigh(quote);
  return quote;
}

/** Chain RPC failures become DEPENDENCY_DOWN (503) naming the chain; Sluice's own errors pass through. */
async function upstream<T>(chain: ChainName, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SluiceError) throw error;
    if (isRpcError(error)) throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC node did not answer; retry shortly`, { cause: error });
    throw error;
  }
}

function isRpcError(error: unknown): boolean {
  const name = (error as { name?: string })?.name ?? "";
  return /HttpRequestError|TimeoutError|RpcRequestError|RpcError|FetchError|ContractFunctionExecutionError|CallExecutionError|TypeError/.test(name);
}
