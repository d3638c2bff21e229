import type { Address, PublicClient } from "viem";
import type { ChainName } from "../chains/chains.js";
import { indexedEvents } from "./abis.js";
import { addTokenMetadata } from "./addTokenMetadata.js";
import { pendingPoolsNowReadable } from "./pendingPoolsNowReadable.js";
import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { logEvent } from "../observability/logEvent.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { bandNeedsRecentring } from "./bandNeedsRecentring.js";
import { isExcludedPool, V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";
import { emptyGraph, indexPoolsByToken, type IndexedToken, type ChainGraph } from "./graphTypes.js";
import { unlimitedIndexBudget, type IndexBudget } from "./indexBudget.js";
import { cutAtPoolCreations } from "./cutAtPoolCreations.js";
import { readBlockTimestamps, TRADE_TIME_BLOCKS_MAX } from "./readBlockTimestamps.js";
import { readIndexLogs } from "./readIndexLogs.js";
import { rescanPoolCreations } from "./rescanPoolCreations.js";
import { readPoolStates, type PoolStateRequest, type V3State } from "./readPoolStates.js";
import { readTickBitmaps } from "./readTickBitmaps.js";
import type { TokenQualitySource } from "./tokenQuality.js";
import { v3TickWord } from "./v3TickWords.js";

export type IndexChainParameters = {
  /** The clock exclusions expire by (`EXCLUDED_POOL_RETRY_MS`); default `Date.now`. */
  now?: () => number;
  chain: ChainName;
  chainId: number;
  client: PublicClient;
  uniswapV2Factory?: Address;
  uniswapV3Factory?: Address;
  /** The graph indexed so far (it is updated in place and returned); none: index from `startBlock`. */
  graph?: ChainGraph | null;
  quality: TokenQualitySource;
  /** Where a fresh index starts reading logs (the factories' deployment block on a public chain). Default 0. */
  startBlock?: bigint;
  /** Index through this block; default: the latest. */
  toBlock?: bigint;
  /** The log-query span to start with (see `readIndexLogs`). */
  span?: bigint;
  /** What this pass may spend; when it runs out the pass ends early (`toBlock` says where). Default: no limit. */
  budget?: IndexBudget;
  /**
   * Up to this many indexed pools the log query names them (and the factories) as its address filter; past it, the
   * query filters by the events' topics only and the answer is matched to known pools. Default 1,000.
   */
  maxAddressFilter?: number;
  /** Logs one pass holds at most (see `readIndexLogs`); past them the pass ends at the last block fully read. */
  maxLogs?: number;
  /** New pools an incremental pass discovers at most (`cutAtPoolCreations`); default `INDEX_MAX_NEW_POOLS_PER_PASS`. */
  maxNewPools?: number;
  /** Blocks a pass reads for trade times when the node's logs lack them (`readBlockTimestamps`); default `TRADE_TIME_BLOCKS_MAX`. */
  maxTradeTimeBlocks?: number;
  /** Initialized ticks a V3 pool keeps at most, nearest its price (`bandV3Ticks`); default `V3_TICKS_PER_POOL_MAX`. */
  maxV3Ticks?: number;
  /**
   * For a graph that holds only part of the stored graph (`GraphStore.readForUpdate`): adds the stored pools and
   * tokens of these addresses (`GraphStore.load`), answering the requests it made. Called with the addresses the
   * pass's logs name, then with their tokens, before anything is looked up.
   */
  loadStored?: (wanted: { pools?: Iterable<Address>; tokens?: Iterable<Address> }) => Promise<number>;
};

export type IndexChainReturnType = {
  graph: ChainGraph; fromBlock: bigint; toBlock: bigint; logs: number; poolsRead: number; newTokens: number;
  /** The block the pass aimed at (the latest, or `toBlock` given): `toBlock` below it means the pass stopped early. */
  head: bigint;
  /** The log-query span the pass ended with. */
  span: bigint;
  /** Pools this pass created, re-read or dropped, and tokens whose metadata changed: what an incremental store write rewrites. */
  changedPools: Set<Address>; changedTokens: Set<Address>;
};

/** Multicall3 calls per request when indexing. */
export const INDEX_CALLS_PER_REQUEST = 500;

/**
 * One incremental indexing pass: reads the factory and pool events after the graph's block, discovers the pools the
 * factories created, re-reads (Multicall3, at the block reached) the state of every pool an event touched — V2
 * reserves; V3 price and liquidity, for a new pool every initialized tick of its tick bitmap, for a Mint or Burn the
 * bitmap words of the ticks it named — reads new tokens' metadata, and records each token's latest trade. Within a
 * budget, past `maxLogs`, or past `maxNewPools` new pools, it may stop before the head: the graph's block is then the last block fully read. See README.md.
 */
export async function indexChain(params: IndexChainParameters): Promise<IndexChainReturnType> {
  const { chain, chainId, client, quality } = params;
  const budget = params.budget ?? unlimitedIndexBudget();
  const graph = params.graph ?? emptyGraph(chain, chainId);
  const fromBlock = graph.block >= 0n ? graph.block + 1n : (params.startBlock ?? 0n);
  const factories = [params.uniswapV2Factory, params.uniswapV3Factory].filter((a): a is Address => !!a).map(lower);
  let head = params.toBlock;
  if (head === undefined) {
    budget.spend(1);
    head = await client.getBlockNumber({ cacheTime: 0 });
  }
  const nothing = { graph, fromBlock, toBlock: graph.block, head, logs: 0, poolsRead: 0, newTokens: 0, span: params.span ?? 2_000n, changedPools: new Set<Address>(), changedTokens: new Set<Address>() };
  if (head < fromBlock) return nothing;

  // Small pool sets: name every pool (and the factories) in the filter. Large ones, and a graph that holds only part
  // of the stored one (its size unknown): topics only, matched below — one query per range however many pools, where
  // address batches would cost one query per batch per range.
  const known = graph.pools.size + graph.pending.size;
  const address = !params.loadStored && known <= (params.maxAddressFilter ?? 1_000)
    ? [...factories, ...graph.pools.keys(), ...graph.pending.keys()]
    : undefined;
  // Keep about a third of what is left for the state reads that follow.
  const reserve = Math.max(3, Math.ceil(budget.remaining() / 3));
  const read = await readIndexLogs({
    client, fromBlock, toBlock: head, span: params.span, budget, events: indexedEvents, address, factories, reserve, maxLogs: params.maxLogs,
  });
  const { logs } = read;
  let toBlock = read.reached;
  for (const { block, events } of read.skipped) {
    logEvent("warn", "indexer: a block's events too many to read", { chain, block: String(block), events: events.join(",") });
  }
  if (toBlock < fromBlock) return { ...nothing, span: read.span };
  // An incremental pass discovers a bounded number of pools (their reads are not the log query's): past it, it ends
  // at the last whole block within the bound.
  if (graph.block >= 0n) toBlock = cutAtPoolCreations(logs, factories, params.maxNewPools) ?? toBlock;
  const logCount = logs.length;
  // An incremental pass also re-reads the factories' creations of the blocks it indexed last (a reorganisation may
  // have replaced them): they go first (chain order), through the same discovery as the pass's own.
  if (graph.block >= 0n) {
    logs.unshift(...await rescanPoolCreations({ client, chain, fromBlock, startBlock: params.startBlock ?? 0n, factories, span: read.span, budget, reserve }));
  }
  budget.spend(1);
  const block = await client.getBlock({ blockNumber: toBlock });

  const v2Factory = params.uniswapV2Factory?.toLowerCase();
  const v3Factory = params.uniswapV3Factory?.toLowerCase();
  if (params.loadStored) await loadNamed(graph, logs, new Set([v2Factory, v3Factory].filter((a) => a !== undefined)), params.loadStored, budget);
  const isKnown = (a: Address) => graph.pools.has(a) || graph.pending.has(a);
  // An excluded pool (see `excludeOversizedItems`) is known but not indexed: its logs are ignored until the exclusion
  // expires (`EXCLUDED_POOL_RETRY_MS`); then its next log reads it whole, to re-include it if it now fits.
  const now = (params.now ?? Date.now)();
  const protocolOf = (a: Address) => graph.pools.get(a)?.protocol ?? (isExcludedPool(graph.pending.get(a), now) ? undefined : graph.pending.get(a)?.protocol);
  const touched = new Map<Address, PoolStateRequest & { words: Set<number>; all: boolean }>();
  const touch = (address: Address, protocol: PoolStateRequest["protocol"]) => {
    let entry = touched.get(address);
    if (!entry) touched.set(address, (entry = { protocol, address, words: new Set(), all: false }));
    return entry;
  };
  const lastTrade = new Map<Address, { block: bigint; timestamp?: number }>();
  const traded = (pool: Address, log: { blockNumber: bigint; blockTimestamp?: number }) => {
    const meta = graph.pools.get(pool) ?? graph.pending.get(pool)!;
    for (const token of [meta.token0, meta.token1]) {
      const seen = lastTrade.get(token);
      if (!seen || seen.block <= log.blockNumber) lastTrade.set(token, { block: log.blockNumber, timestamp: log.blockTimestamp });
    }
  };

  for (const log of logs) {
    const a = log.args;
    if (log.eventName === "PairCreated" && log.address === v2Factory) {
      const pair = lower(a.pair);
      if (isKnown(pair)) continue;
      graph.pending.set(pair, { protocol: "uniswap-v2", address: pair, token0: lower(a.token0), token1: lower(a.token1), fee: 3000, tickSpacing: 0 });
      touch(pair, "uniswap-v2");
    } else if (log.eventName === "PoolCreated" && log.address === v3Factory) {
      const pool = lower(a.pool);
      if (isKnown(pool)) continue;
      graph.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: lower(a.token0), token1: lower(a.token1), fee: Number(a.fee), tickSpacing: Number(a.tickSpacing) });
      touch(pool, "uniswap-v3").all = true;
    } else if (protocolOf(log.address) === "uniswap-v2" && (log.eventName === "Sync" || log.eventName === "Swap")) {
      touch(log.address, "uniswap-v2");
      if (log.eventName === "Swap") traded(log.address, log);
    } else if (protocolOf(log.address) === "uniswap-v3") {
      const entry = touch(log.address, "uniswap-v3");
      const spacing = tickSpacingOf(graph.pools.get(log.address) ?? graph.pending.get(log.address)!);
      // A pool never read in full (pending since its creation) is read in full once it is initialized.
      if ((log.eventName === "Initialize" || graph.pending.get(log.address)?.excluded !== undefined) && !graph.pools.has(log.address)) entry.all = true;
      if (log.eventName === "Mint" || log.eventName === "Burn") {
        entry.words.add(v3TickWord(Number(a.tickLower), spacing)).add(v3TickWord(Number(a.tickUpper), spacing));
      }
      if (log.eventName === "Swap") traded(log.address, log);
    }
  }

  // What the pass needs of its logs is in `touched` and `lastTrade` now: the logs (up to `maxLogs` of them) are let go
  // of before the state reads.
  logs.length = 0;

  // Tokens first: a pool is only usable once both its tokens have metadata (pools of tokens without it are dropped).
  const metadata = await addTokenMetadata({ graph, client, budget, now });
  const changedTokens = new Set<Address>(metadata.added);
  // A pool deferred in an earlier pass (its tokens' calls left unsettled) is read whole once they are known.
  for (const pool of pendingPoolsNowReadable(graph, metadata.added, now)) {
    if (!touched.has(pool.address)) touch(pool.address, pool.protocol).all = pool.protocol === "uniswap-v3";
  }

  const requests: PoolStateRequest[] = [...touched.values()]
    .filter((r) => { const p = graph.pools.get(r.address) ?? graph.pending.get(r.address); return p && graph.tokens.has(p.token0) && graph.tokens.has(p.token1); })
    .map(({ protocol, address, words, all }) => {
      const meta = graph.pools.get(address) ?? graph.pending.get(address)!;
      if (protocol === "uniswap-v2") return { protocol, address };
      return { protocol, address, tickSpacing: tickSpacingOf(meta), ...(all ? { tickWords: "all" as const } : words.size > 0 ? { tickWords: [...words] } : {}) };
    });
  const { states } = await readPoolStates({ client, requests, blockNumber: toBlock, callsPerRequest: INDEX_CALLS_PER_REQUEST, budget });
  const maxV3Ticks = params.maxV3Ticks ?? V3_TICKS_PER_POOL_MAX;
  applyPoolStates(graph, states, { maxV3Ticks, now: () => now });
  await recentreBands(graph, requests, { client, block: toBlock, budget, now, maxV3Ticks });

  // Trade times: from the logs when the node includes them, else from the blocks — a bounded number of them (the
  // oldest, `readBlockTimestamps`). A trade in a block left out is dated by the pass's last block: an upper bound, late
  // by at most the pass's span.
  const missing = [...new Set([...lastTrade.values()].filter((t) => t.timestamp === undefined && t.block !== toBlock).map((t) => t.block))];
  const stamps = await readBlockTimestamps({ client, blocks: missing, max: params.maxTradeTimeBlocks ?? TRADE_TIME_BLOCKS_MAX, budget });
  for (const [token, t] of lastTrade) {
    const known = graph.tokens.get(token);
    if (known) graph.tokens.set(token, { ...known, lastTradeAt: t.timestamp ?? stamps.get(t.block) ?? Number(block.timestamp) });
    if (known) changedTokens.add(token);
  }

  const scores = await quality(chain, [...graph.tokens.keys()]);
  for (const [address, token] of graph.tokens) {
    const score = scores.get(address) ?? null;
    if (score !== token.quality) graph.tokens.set(address, { ...token, quality: score } satisfies IndexedToken);
    if (score !== token.quality) changedTokens.add(address);
  }

  graph.block = toBlock;
  graph.blockTimestamp = Number(block.timestamp);
  indexPoolsByToken(graph);
  const changedPools = new Set<Address>([...touched.keys(), ...metadata.dropped, ...metadata.deferred]);
  return { graph, fromBlock, toBlock, head, logs: logCount, poolsRead: requests.length, newTokens: metadata.added.length, span: read.span, changedPools, changedTokens };
}

/**
 * Pools kept only near their price (`bandV3Ticks`) whose price the pass moved near an edge of their band, or out of
 * it (`bandNeedsRecentring`), get the ticks around their new price read at the pass's block: every bitmap word of a
 * window as wide as their band, centred on the price (the tick bitmap lens), which `applyPoolStates` joins to what
 * was known and cuts to the ticks nearest the price again. A window the lens cannot read in `RECENTRE_CALLS_MAX`
 * calls (dust crowded near the price) is halved, at most `RECENTRE_ATTEMPTS` times; each pool is tried only while the
 * budget holds its calls and a margin for what the pass still does, at most `RECENTRE_POOLS_MAX` pools a pass. A pool
 * left as it is stays quotable inside its band (a swap leaving it throws), and is tried again at its next log.
 */
async function recentreBands(graph: ChainGraph, read: readonly PoolStateRequest[], p: { client: PublicClient; block: bigint; budget: IndexBudget; now: number; maxV3Ticks: number }) {
  const due = read.map(({ address }) => graph.pools.get(address))
    .filter((pool): pool is V3Pool => pool instanceof V3Pool && bandNeedsRecentring(pool, p.maxV3Ticks))
    .slice(0, RECENTRE_POOLS_MAX);
  for (const pool of due) {
    const [low, high] = pool.tickDataRange!;
    let half = Math.ceil((Math.min(high, MAX_TICK) - Math.max(low, MIN_TICK)) / 2);
    for (let attempt = 0; attempt < RECENTRE_ATTEMPTS && half >= pool.tickSpacing; attempt++, half = Math.floor(half / 2)) {
      if (!p.budget.allows(RECENTRE_CALLS_MAX + RECENTRE_BUDGET_MARGIN)) return;
      const window = { fromWord: v3TickWord(Math.max(MIN_TICK, pool.tick - half), pool.tickSpacing), toWord: v3TickWord(Math.min(MAX_TICK, pool.tick + half), pool.tickSpacing) };
      const ticks = await readTickBitmaps({
        client: p.client, blockNumber: p.block, budget: p.budget, maxCalls: RECENTRE_CALLS_MAX,
        pools: [{ address: pool.address, tickSpacing: pool.tickSpacing, ...window }],
      }).catch((error: unknown) => {
        logEvent("warn", "pool band not re-centred", { chain: graph.chain, pool: pool.address, halfWidth: half, error: error instanceof Error ? error.message : String(error) });
        return undefined;
      });
      if (!ticks) continue;
      const completeRange = [Math.max(MIN_TICK, window.fromWord * 256 * pool.tickSpacing), Math.min(MAX_TICK, (window.toWord * 256 + 255) * pool.tickSpacing)] as const;
      const state: V3State = {
        protocol: "uniswap-v3", sqrtPriceX96: pool.sqrtPriceX96, tick: pool.tick, liquidity: pool.liquidity, ticks: ticks.get(pool.address)!, completeRange,
      };
      applyPoolStates(graph, new Map([[pool.address, state]]), { maxV3Ticks: p.maxV3Ticks, now: () => p.now });
      break;
    }
  }
}

/** Lens calls one re-centring read may take (about 1,000 ticks each: a window as wide as a 5,000-tick band, and some). */
const RECENTRE_CALLS_MAX = 8;
/** Windows tried per pool, each half the last. */
const RECENTRE_ATTEMPTS = 3;
/** Pools re-centred per pass at most. */
const RECENTRE_POOLS_MAX = 4;
/** Subrequests a pass keeps after re-centring bands (trade times, and the store's writes after it). */
const RECENTRE_BUDGET_MARGIN = 20;

/** What the logs name, and the tokens of those pools, added from the store to a graph that holds only part of it. */
async function loadNamed(
  graph: ChainGraph, logs: Awaited<ReturnType<typeof readIndexLogs>>["logs"], factories: ReadonlySet<string>,
  load: NonNullable<IndexChainParameters["loadStored"]>, budget: IndexBudget,
) {
  const pools = new Set<Address>();
  const tokens = new Set<Address>();
  for (const log of logs) {
    const a = log.args;
    if (log.eventName === "PairCreated" || log.eventName === "PoolCreated") {
      if (!factories.has(log.address)) continue; // another factory's pool: never indexed
      pools.add(lower(log.eventName === "PairCreated" ? a.pair : a.pool));
      tokens.add(lower(a.token0)).add(lower(a.token1));
    } else pools.add(log.address);
  }
  budget.spend(await load({ pools }));
  for (const address of pools) {
    const pool = graph.pools.get(address) ?? graph.pending.get(address);
    if (pool) tokens.add(pool.token0).add(pool.token1);
  }
  budget.spend(await load({ tokens }));
}

const lower = (value: unknown) => String(value).toLowerCase() as Address;
const tickSpacingOf = (pool: object) => (pool as { tickSpacing?: number }).tickSpacing ?? 0;
