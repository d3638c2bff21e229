import type { Address, PublicClient } from "viem";
import type { ChainName } from "../chains/chains.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { emptyGraph, indexPoolsByToken, type IndexedToken, type ChainGraph } from "./graphTypes.js";
import { readIndexLogs } from "./readIndexLogs.js";
import { readPoolStates, type PoolStateRequest } from "./readPoolStates.js";
import { readTokenMetadata } from "./readTokenMetadata.js";
import type { TokenQualitySource } from "./tokenQuality.js";

export type IndexChainParameters = {
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
  blocksPerRequest?: bigint;
};

export type IndexChainReturnType = { graph: ChainGraph; fromBlock: bigint; toBlock: bigint; logs: number; poolsRead: number; newTokens: number };

/**
 * One incremental indexing pass: reads the factory and pool events after the graph's block, discovers the pools the
 * factories created, re-reads (Multicall3, at `toBlock`) the state of every pool an event touched — V2 reserves,
 * V3 price, liquidity and the ticks named by Mint/Burn events — reads new tokens' metadata, and records each token's
 * latest trade. See README.md for the model.
 */
export async function indexChain(params: IndexChainParameters): Promise<IndexChainReturnType> {
  const { chain, chainId, client, quality } = params;
  const graph = params.graph ?? emptyGraph(chain, chainId);
  const fromBlock = graph.block >= 0n ? graph.block + 1n : (params.startBlock ?? 0n);
  const toBlock = params.toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  if (toBlock < fromBlock) return { graph, fromBlock, toBlock: graph.block, logs: 0, poolsRead: 0, newTokens: 0 };

  const [logs, block] = await Promise.all([
    readIndexLogs({ client, fromBlock, toBlock, blocksPerRequest: params.blocksPerRequest }),
    client.getBlock({ blockNumber: toBlock }),
  ]);
  const v2Factory = params.uniswapV2Factory?.toLowerCase();
  const v3Factory = params.uniswapV3Factory?.toLowerCase();
  const isV2 = (a: Address) => graph.pools.get(a)?.protocol === "uniswap-v2" || graph.pending.get(a)?.protocol === "uniswap-v2";
  const isV3 = (a: Address) => graph.pools.get(a)?.protocol === "uniswap-v3" || graph.pending.get(a)?.protocol === "uniswap-v3";
  const touched = new Map<Address, PoolStateRequest & { ticks: number[] }>();
  const touch = (address: Address, protocol: PoolStateRequest["protocol"]) => {
    let entry = touched.get(address);
    if (!entry) touched.set(address, (entry = { protocol, address, ticks: [] }));
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
      const pair = (a.pair as Address).toLowerCase() as Address;
      graph.pending.set(pair, { protocol: "uniswap-v2", address: pair, token0: lower(a.token0), token1: lower(a.token1), fee: 3000, tickSpacing: 0 });
      touch(pair, "uniswap-v2");
    } else if (log.eventName === "PoolCreated" && log.address === v3Factory) {
      const pool = (a.pool as Address).toLowerCase() as Address;
      graph.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: lower(a.token0), token1: lower(a.token1), fee: Number(a.fee), tickSpacing: Number(a.tickSpacing) });
      touch(pool, "uniswap-v3");
    } else if (isV2(log.address) && (log.eventName === "Sync" || log.eventName === "Swap")) {
      touch(log.address, "uniswap-v2");
      if (log.eventName === "Swap") traded(log.address, log);
    } else if (isV3(log.address)) {
      const entry = touch(log.address, "uniswap-v3");
      if (log.eventName === "Mint" || log.eventName === "Burn") entry.ticks.push(Number(a.tickLower), Number(a.tickUpper));
      if (log.eventName === "Swap") traded(log.address, log);
    }
  }

  // Tokens first: a pool is only usable once both its tokens have metadata.
  const unknownTokens = new Set<Address>();
  for (const p of graph.pending.values()) for (const t of [p.token0, p.token1]) if (!graph.tokens.has(t)) unknownTokens.add(t);
  const metadata = await readTokenMetadata(client, [...unknownTokens], toBlock);
  for (const m of metadata) graph.tokens.set(m.address, { ...m, quality: null, lastTradeAt: null });

  const requests = [...touched.values()]
    .filter((r) => { const p = graph.pools.get(r.address) ?? graph.pending.get(r.address); return p && graph.tokens.has(p.token0) && graph.tokens.has(p.token1); })
    .map((r) => ({ ...r, ticks: [...new Set(r.ticks)] }));
  const states = await readPoolStates({ client, requests, blockNumber: toBlock, batchSize: 100_000 });
  applyPoolStates(graph, states);

  // Trade times: from the logs when the node includes them, else from the blocks (one request per distinct block).
  const missing = [...new Set([...lastTrade.values()].filter((t) => t.timestamp === undefined).map((t) => t.block))];
  const stamps = new Map(await Promise.all(missing.map(async (b) => [b, Number((await client.getBlock({ blockNumber: b })).timestamp)] as const)));
  for (const [token, t] of lastTrade) {
    const known = graph.tokens.get(token);
    if (known) graph.tokens.set(token, { ...known, lastTradeAt: t.timestamp ?? stamps.get(t.block)! });
  }

  const scores = await quality(chain, [...graph.tokens.keys()]);
  for (const [address, token] of graph.tokens) {
    const score = scores.get(address) ?? null;
    if (score !== token.quality) graph.tokens.set(address, { ...token, quality: score } satisfies IndexedToken);
  }

  graph.block = toBlock;
  graph.blockTimestamp = Number(block.timestamp);
  indexPoolsByToken(graph);
  return { graph, fromBlock, toBlock, logs: logs.length, poolsRead: requests.length, newTokens: metadata.length };
}

const lower = (value: unknown) => String(value).toLowerCase() as Address;
