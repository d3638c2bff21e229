import type { Address } from "viem";
import { raceDeadline } from "../async/raceDeadline.js";
import type { TimeStage } from "../http/timeStage.js";
import { chains, type ChainName } from "../chains/chains.js";
import { DEFAULT_SLIPPAGE_BPS } from "./swapQuote.js";
import { chainSettings } from "../chains/chainSettings.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainIndexSource } from "../indexer/chainIndexSource.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { loadGraph } from "../indexer/loadGraph.js";
import type { ChainDeployment } from "../chains/chainConfig.js";
import { assembleQuote } from "./assembleQuote.js";
import { refreshPools } from "../indexer/refreshPools.js";
import { refreshPoolsAtHead } from "../indexer/refreshPoolsAtHead.js";
import type { ChainHeadCache } from "../chains/readChainHead.js";
import { findFreshRoute } from "../routing/findFreshRoute.js";
import { routeHoldsOn } from "../routing/routeHoldsOn.js";
import { isListedToken } from "./isListedToken.js";
import { isDustPoolPredicate } from "./isDustPoolPredicate.js";
import type { Pool } from "../pools/types.js";
import type { RoutingGraphCache } from "../routing/routingGraphCache.js";
import { checkAmountFormat, parseAmount } from "./parseAmount.js";
import { resolveToken, type TokenSpec } from "./resolveToken.js";
import { oneBlockRefresher } from "./oneBlockRefresher.js";
import { routingGasCostOut } from "./routingGasCostOut.js";
import { MAX_PRICE_IMPACT_BPS, type SwapQuote } from "./swapQuote.js";
import { priceImpactTooHigh } from "./quoteErrors.js";
import type { Redis } from "../redis/createRedis.js";
import { readTokenBehaviours, type TokenBehaviourCache } from "../tokens/behaviour/readTokenBehaviours.js";
import { requireTransferableToken } from "../tokens/behaviour/requireTransferableToken.js";
import { verifyHopTokens } from "../tokens/behaviour/verifyHopTokens.js";
import { detectTokenBehaviour } from "../tokens/behaviour/detectTokenBehaviour.js";

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
  /**
   * Reports each stage's duration (the request's `Server-Timing`): graph, block (with `head`), behaviour, route (which
   * waits for what is left of the head's read, or reads the pools at the head).
   */
  time?: TimeStage;
  /**
   * The block to quote at (the chain's head under its freshness contract, `RequestChain.head`: what /route uses). Absent
   * (what /solve's re-quote does, so execution is never on stale state): the candidate pools are read at the chain's
   * latest block, its number told in the same Multicall3 call (`refreshPoolsAtHead`), with no round trip for the head
   * before them; on a chain whose calls see another chain's block number (`callBlockIsChainBlock` false: Arbitrum),
   * `eth_blockNumber` first, then the pools at that block.
   */
  head?: () => Promise<bigint>;
  /**
   * With `head`: brings the candidate pools to the quote's block (`RequestChain.refreshPools`: once per block for every
   * request and isolate); default `refreshPools` through the chain's client.
   */
  refresh?: (graph: ChainGraph, pools: readonly Address[], latestBlock: bigint) => Promise<number>;
  /**
   * Without `head`: this isolate's sightings of each chain's head (`RequestChain.heads`): the block the pools were read
   * at is recorded as a sighting for the next quotes (`/route` serves it within the chain's freshness window).
   */
  seenHeads?: ChainHeadCache;
  /**
   * Where the chain's token behaviours are kept (`tokens/behaviour`). Given (the workers always give it): a token that
   * does not transfer normally is refused as input or output (UNSUPPORTED_TOKEN) and never hops; an unchecked one is
   * simulated on first use. Absent (in-process tests and benchmarks on a fixed graph): no behaviour rule applies.
   */
  /**
   * `cache`: the isolate's reads, reused for `cacheMs` (the /route path passes the chain's head freshness, so the
   * behaviours are read once per freshness window per isolate; /solve passes none and reads afresh).
   */
  tokenBehaviour?: { redis: Redis; cache?: TokenBehaviourCache; cacheMs?: number };
  /**
   * Pools that can pay out less than this (USD) of a priced token are dust and never routed through (default
   * `MIN_POOL_PAYOUT_USD`; 0 turns the rule off, for test worlds whose pools hold a few hundred dollars).
   */
  minPoolPayoutUsd?: number;
  /**
   * The most the quote waits on its dependencies in all (ms from its start: the graph, the head, token behaviour probes,
   * the pool refresh), else DEPENDENCY_DOWN. Each RPC call has its own timeout and one retry, so without this a quote
   * whose node stops answering could wait that long per stage; with it, a request is answered in time. Default none
   * (benchmarks, tests on a fixed graph); the workers pass `QUOTE_DEADLINE_MS`.
   */
  deadlineMs?: number;
};

/**
 * What the workers give a quote in all (`QuoteSwapParameters.deadlineMs`): inside the 10 s in which every request is
 * answered, leaving room for the key check before it and the answer's recording after it.
 */
export const QUOTE_DEADLINE_MS = 7_000;

/**
 * Quotes an exact-input same-chain swap on the chain's current state (the quoter): resolves the tokens, parses the
 * amount, asks the router for the best route on fresh pool state (`findFreshRoute`, with the provider's pool
 * refresher injected) and assembles the quote.
 * Cost on the hot path: the head (`head`: within the chain's freshness, none or one Redis read; else one
 * `eth_blockNumber`, concurrent with loading the graph, reading the stored token behaviours, the token checks and the
 * candidate search; awaited only to refresh the pools at it) and, when the candidate pools are older than that block,
 * `refresh` (with the shared refresher: one Redis read of the block's shared pool states, and one Multicall3 call
 * only when no request or isolate has read those pools at that block yet). Without `head`: one Multicall3 call at
 * the latest block with the V3 ticks near each price (`refreshPoolsAtHead`); a route that leaves those ticks is
 * searched again once the pools' Mint/Burn logs brought all their ticks to that block.
 *
 * Throws SluiceError: MALFORMED_REQUEST (bad amount, decimals), UNSUPPORTED_TOKEN (unknown, or with `tokenBehaviour`
 * a token that does not transfer normally), NO_ROUTE,
 * PRICE_IMPACT_TOO_HIGH (above 500 bps), DEPENDENCY_DOWN (the chain's RPC failed, or the dependencies took longer than
 * `deadlineMs` in all). A swap below the gasless minimum is
 * not an error here: the quote says `gaslessEligible: false` (see `swapTooSmall` for the interface's failure).
 */
export async function quoteSwap(p: QuoteSwapParameters): Promise<SwapQuote> {
  checkAmountFormat(p.amount);
  const time: TimeStage = p.time ?? (async (_name, work) => work());
  const deadlineAt = p.deadlineMs === undefined ? undefined : Date.now() + p.deadlineMs;
  const upstream = <T>(chain: ChainName, work: () => Promise<T> | T) => fromUpstream(chain, work, deadlineAt);
  /** Bounded by the deadline like `upstream`, but what fails inside is passed on as it is (its upstream parts classify their own). */
  const withinDeadline = <T>(work: () => Promise<T> | T) => fromUpstream(p.chain, work, deadlineAt, false);
  // The stored behaviours depend on the chain only: read beside the graph and the head (one Redis read off /solve's
  // serial path; /route's isolate cache usually answers at once).
  const behavioursRead = p.tokenBehaviour && readTokenBehaviours(
    p.tokenBehaviour.redis, p.chain, Date.now(),
    p.tokenBehaviour.cache && (p.tokenBehaviour.cacheMs ?? 0) > 0 ? { entries: p.tokenBehaviour.cache, maxAgeMs: p.tokenBehaviour.cacheMs! } : undefined,
  );
  // The head is awaited only where the pools are refreshed at it: the token checks and the candidate search (CPU
  // work on the graph) run while it is read.
  // Without a shared head, the pools are read at `latest` with the block in the same call — except where a call's
  // `block.number` is another chain's (Arbitrum's is Ethereum's): there the head is read first, as /route does.
  const head = p.head ?? (chains[p.chain].callBlockIsChainBlock ? undefined : () => p.source.client.getBlockNumber({ cacheTime: 0 }));
  const headRead = head && time("block", () => upstream(p.chain, head));
  headRead?.catch(() => {}); // awaited below; a failure before then must not be reported as unhandled
  /** Without `head`: the block the first refresh read the pools at (a widened search's refresh reads at it too). */
  let readAt: bigint | undefined;
  /** Without `head`: the V3 pools that refresh read with their ticks near the price only (`refreshPoolsAtHead`). */
  let nearTicks: ReadonlyMap<Address, Pool> | undefined;
  const refreshAtHead = async (pools: readonly Address[]) => {
    if (readAt !== undefined) return refreshPools({ graph, client: p.source.client, pools, latestBlock: readAt });
    const seen = p.seenHeads?.get(p.chain);
    const read = await refreshPoolsAtHead({ graph, client: p.source.client, pools });
    readAt = read.block;
    nearTicks = read.nearTicks;
    if (p.seenHeads && (!seen || read.block > seen.block)) p.seenHeads.set(p.chain, { block: read.block, seenAt: Date.now() });
    return read.refreshed;
  };
  const [graph, storedBehaviours] = await Promise.all([
    time("graph", () => upstream(p.chain, () => loadGraph(p.source))),
    behavioursRead,
  ]);
  const tokenIn = resolveToken(graph, p.chain, p.from, "from");
  const tokenOut = resolveToken(graph, p.chain, p.to, "to");
  if (tokenIn.address === tokenOut.address) throw new SluiceError("MALFORMED_REQUEST", "to: must be a different token than from");
  const amountIn = parseAmount(p.amount, tokenIn.decimals, tokenIn.symbol);
  // Only listed tokens carry a route through them: a look-alike is never a hop; with the behaviour rule, neither is
  // a token that does not transfer normally (fee-on-transfer, transfer-blocking, rebasing) nor an unchecked one.
  let canHop = (token: Address) => isListedToken(graph, p.chain, token);
  // Dust pools (paying out less than MIN_POOL_PAYOUT_USD of a priced token) are never routed through.
  const isDust = p.minPoolPayoutUsd === 0 ? () => false : isDustPoolPredicate(graph, p.minPoolPayoutUsd);
  const canUsePool = (pool: Pool) => !isDust(pool);
  if (p.tokenBehaviour && storedBehaviours) {
    const { redis, cache } = p.tokenBehaviour;
    const behaviours = storedBehaviours;
    // A probe is upstream work (one eth_call); the checks' candidate search around it is the router's. The chain's
    // client is built only for a probe (~0.3 ms; stored behaviours usually answer).
    const detect = (token: Address) => upstream(p.chain, () => detectTokenBehaviour({ client: p.source.client, graph, token }));
    const common = { redis, graph, behaviours, detect };
    const gate = await time("behaviour", () => withinDeadline(async () => {
      await requireTransferableToken({ ...common, token: tokenIn.address, side: "tokenIn", symbol: tokenIn.symbol });
      await requireTransferableToken({ ...common, token: tokenOut.address, side: "tokenOut", symbol: tokenOut.symbol });
      return verifyHopTokens({ ...common, routingGraphs: p.routingGraphs, tokenIn: tokenIn.address, tokenOut: tokenOut.address, amountIn, canHop, canUsePool });
    }));
    canHop = gate.canHop;
    // Tokens this quote probed are known to the isolate's next quotes at once (they are in Redis too).
    const held = cache?.get(p.chain);
    if (held && gate.behaviours !== held.behaviours) cache!.set(p.chain, { readAt: held.readAt, behaviours: gate.behaviours });
  }

  // Routes are compared net of their gas, valued at the chain's routing gas price and the graph's reference prices (no
  // RPC call): a split or a hop that gains less than its gas costs the swapper (or Sluice, when gasless) is not taken.
  const settings = chainSettings(p.chain, p.deployment);
  const gasCostOut = routingGasCostOut(graph, tokenOut.address, settings.routingGasPriceWei);
  // With a head, every pool the quote uses is brought to one block, the newest of the head and the pools' own.
  const atHead = headRead && oneBlockRefresher({
    graph, head: headRead,
    refreshAt: (pools, latestBlock) => (p.refresh ? p.refresh(graph, pools, latestBlock) : refreshPools({ graph, client: p.source.client, pools, latestBlock })),
  });
  // Only the refresh is upstream work: a failure of the searches around it is the router's, never an outage.
  const search = () => time("route", async () =>
    findFreshRoute({
      graph, routingGraphs: p.routingGraphs, tokenIn: tokenIn.address, tokenOut: tokenOut.address, amountIn,
      refresh: (pools) => upstream(p.chain, () => (atHead ? atHead.refresh(pools) : refreshAtHead(pools))),
      canHop,
      canUsePool,
      symbols: { in: tokenIn.symbol, out: tokenOut.symbol },
      gasCostOut,
    }));
  // Read at `latest` with V3 ticks near the price only: the route must pay the same on pools that know nothing beyond
  // the words read. One that leaves them (or uses a V3 pool whose words were not read), or no route at all, is searched
  // again once the candidate pools' Mint and Burn logs brought all their ticks to that block (`refreshPools` at it).
  const first = await search().catch((error: unknown) => {
    if (nearTicks && error instanceof SluiceError && error.code === "NO_ROUTE") return undefined;
    throw error;
  });
  const holds = first && (!nearTicks || routeHoldsOn({ route: first.route, pools: (address) => nearTicks!.get(address) ?? currentAtRead(graph, address, readAt!) }));
  nearTicks = undefined;
  const { route, poolsRefreshed } = holds ? first : await search();
  const quote = assembleQuote({
    graph, chain: p.chain, tokenIn, tokenOut, route,
    gaslessMinimumUsd: settings.gaslessMinimumUsd,
    executor: p.deployment.executor,
    withPermit: p.withPermit ?? true,
    nowSeconds: p.nowSeconds ?? Date.now() / 1000,
    slippageBps: p.slippageBps ?? DEFAULT_SLIPPAGE_BPS,
    recipient: p.recipient,
    // A route was found, so its pools were refreshed: at the quote's one block (the head, or newer where pools were),
    // or at the block the refresh read.
    block: atHead ? atHead.block() ?? await headRead! : readAt!,
    poolsRefreshed,
  });
  if (quote.priceImpactBps > MAX_PRICE_IMPACT_BPS) throw priceImpactTooHigh(quote);
  return quote;
}

/** A pool as the graph holds it, if its whole state (all its ticks) is of `block` or later; else undefined. */
function currentAtRead(graph: ChainGraph, address: Address, block: bigint): Pool | undefined {
  const pool = graph.pools.get(address) as Pool | undefined;
  if (pool?.protocol === "uniswap-v3" && (graph.refreshedAt.get(address) ?? graph.block) < block) return undefined;
  return pool;
}

/**
 * Chain RPC failures become DEPENDENCY_DOWN (503) naming the chain (with `classify`; without it every failure passes
 * through as it is); Sluice's own errors pass through. Past `deadlineAt` the stage is abandoned (it only reads) and
 * answered DEPENDENCY_DOWN too. Wrap only I/O in it: any TypeError inside counts as a dependency's (a failed fetch).
 */
async function fromUpstream<T>(chain: ChainName, work: () => Promise<T> | T, deadlineAt: number | undefined, classify = true): Promise<T> {
  try {
    if (deadlineAt === undefined) return await work();
    const done = await raceDeadline({ work: Promise.resolve().then(work).then((value) => ({ value })), ms: deadlineAt - Date.now() });
    if (!done) {
      throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC node or the pool store did not answer in time; retry shortly`, {
        hint: "a quote waits on its dependencies at most a few seconds in all",
      });
    }
    return done.value;
  } catch (error) {
    if (error instanceof SluiceError || !classify) throw error;
    if (isRpcError(error)) throw new SluiceError("DEPENDENCY_DOWN", `The ${chain} RPC node did not answer; retry shortly`, { cause: error });
    throw error;
  }
}

function isRpcError(error: unknown): boolean {
  const name = (error as { name?: string })?.name ?? "";
  return /HttpRequestError|TimeoutError|RpcRequestError|RpcError|FetchError|ContractFunctionExecutionError|CallExecutionError|TypeError/.test(name);
}
