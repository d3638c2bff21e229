/**
 * Compact, bigint-safe serialization of a `ChainGraph` for Redis. Tokens are listed once and pools refer to them
 * by index; every bigint is a hex string (`-` prefixed when negative). Version 1 layout:
 *
 *   { v, chain, chainId, block, ts,
 *     tokens:  [address, symbol, decimals, quality | null, lastTradeAt | null][],
 *     v2:      [address, token0Index, token1Index, reserve0, reserve1][],
 *     v3:      [address, token0Index, token1Index, fee, tickSpacing, sqrtPriceX96, tick, liquidity, ticks][]
 *              where ticks = [index, liquidityNet, index, liquidityNet, …] (flat),
 *     pending: [address, protocol, token0Index, token1Index, fee, tickSpacing][] }
 */
import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { PoolProtocol } from "../pools/types.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { indexPoolsByToken, type IndexedToken, type ChainGraph } from "./graphTypes.js";

const VERSION = 1;

type EncodedToken = [Address, string, number, number | null, number | null];
type EncodedV2 = [Address, number, number, string, string];
type EncodedV3 = [Address, number, number, number, number, string, number, string, (number | string)[]];
type EncodedPending = [Address, PoolProtocol, number, number, number, number];
type EncodedGraph = {
  v: number; chain: ChainName; chainId: number; block: string; ts: number;
  tokens: EncodedToken[]; v2: EncodedV2[]; v3: EncodedV3[]; pending: EncodedPending[];
};

const hex = (n: bigint): string => (n < 0n ? `-${(-n).toString(16)}` : n.toString(16));
const unhex = (s: string): bigint => (s.startsWith("-") ? -BigInt(`0x${s.slice(1)}`) : BigInt(`0x${s}`));

export function encodeGraph(graph: ChainGraph): string {
  const tokenIndex = new Map<Address, number>();
  const tokens: EncodedToken[] = [];
  for (const t of graph.tokens.values()) {
    tokenIndex.set(t.address, tokens.length);
    tokens.push([t.address, t.symbol, t.decimals, t.quality, t.lastTradeAt]);
  }
  const ref = (address: Address): number => {
    const i = tokenIndex.get(address);
    if (i === undefined) throw new Error(`graph ${graph.chain}: pool token ${address} has no metadata`);
    return i;
  };
  const v2: EncodedV2[] = [];
  const v3: EncodedV3[] = [];
  for (const pool of graph.pools.values()) {
    if (pool instanceof V2Pool) {
      v2.push([pool.address, ref(pool.token0), ref(pool.token1), hex(pool.reserve0), hex(pool.reserve1)]);
    } else {
      const ticks: (number | string)[] = [];
      for (const t of pool.ticks) ticks.push(t.index, hex(t.liquidityNet));
      v3.push([pool.address, ref(pool.token0), ref(pool.token1), pool.fee, pool.tickSpacing, hex(pool.sqrtPriceX96), pool.tick, hex(pool.liquidity), ticks]);
    }
  }
  const pending: EncodedPending[] = [...graph.pending.values()].map((p) => [p.address, p.protocol, ref(p.token0), ref(p.token1), p.fee, p.tickSpacing]);
  const encoded: EncodedGraph = { v: VERSION, chain: graph.chain, chainId: graph.chainId, block: hex(graph.block), ts: graph.blockTimestamp, tokens, v2, v3, pending };
  return JSON.stringify(encoded);
}

/** The graph `encodeGraph` wrote, or null for another version (it is then rebuilt from scratch). */
export function decodeGraph(text: string): ChainGraph | null {
  const e = JSON.parse(text) as EncodedGraph;
  if (e.v !== VERSION) return null;
  const tokens = e.tokens.map(([address, symbol, decimals, quality, lastTradeAt]): IndexedToken => ({ address, symbol, decimals, quality, lastTradeAt }));
  const at = (i: number): Address => tokens[i]!.address;
  const graph: ChainGraph = {
    chain: e.chain, chainId: e.chainId, block: unhex(e.block), blockTimestamp: e.ts,
    tokens: new Map(tokens.map((t) => [t.address, t])), pools: new Map(), pending: new Map(), poolsByToken: new Map(), refreshedAt: new Map(),
  };
  for (const [address, t0, t1, r0, r1] of e.v2) {
    graph.pools.set(address, new V2Pool({ address, token0: at(t0), token1: at(t1), reserve0: unhex(r0), reserve1: unhex(r1) }));
  }
  for (const [address, t0, t1, fee, tickSpacing, sqrtPriceX96, tick, liquidity, flat] of e.v3) {
    const ticks = [];
    for (let i = 0; i < flat.length; i += 2) ticks.push({ index: flat[i] as number, liquidityNet: unhex(flat[i + 1] as string) });
    graph.pools.set(address, new V3Pool({
      address, token0: at(t0), token1: at(t1), fee, tickSpacing, sqrtPriceX96: unhex(sqrtPriceX96), tick, liquidity: unhex(liquidity), ticks,
    }));
  }
  for (const [address, protocol, t0, t1, fee, tickSpacing] of e.pending) {
    graph.pending.set(address, { address, protocol, token0: at(t0), token1: at(t1), fee, tickSpacing });
  }
  indexPoolsByToken(graph);
  return graph;
}
