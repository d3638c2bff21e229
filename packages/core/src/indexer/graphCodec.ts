/**
 * Compact, bigint-safe serialization of one shard of a `ChainGraph` (see `shardedGraphStore`): some tokens, some
 * pools, some pending pools. Pools name their tokens by address (a token's metadata lives in its own shard); every
 * bigint is a hex string (`-` prefixed when negative). Version 2 layout:
 *
 *   { v,
 *     tokens:  [address, symbol, decimals, quality | null, lastTradeAt | null][],
 *     v2:      [address, token0, token1, reserve0, reserve1][],
 *     v3:      [address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, liquidity, ticks][]
 *              where ticks = [index, liquidityNet, index, liquidityNet, …] (flat),
 *     v3r?:    the same rows with a 10th element, tickDataRange = [lower, upper], for pools whose ticks are kept only
 *              near their price (`bandV3Ticks`). Apart from `v3` so that code that knows no ranges (an isolate or an
 *              operator's checkout older than them) never sees such a pool, rather than quoting it as complete;
 *              such code rewriting the shard drops them (the pool is read again at its next log),
 *     pending: [address, protocol, token0, token1, fee, tickSpacing, excluded?][] }
 *              where excluded = the time (ms) a pool was excluded from the index (`PendingPool.excluded`; 1 in
 *              rows stored before the time was kept: long ago); absent otherwise
 */
import type { Address } from "viem";
import type { PoolProtocol } from "../pools/types.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import type { IndexedPool, IndexedToken, PendingPool } from "./graphTypes.js";

const VERSION = 2;

/** A slice of a graph: what one stored value holds. */
export type GraphShard = { tokens: IndexedToken[]; pools: IndexedPool[]; pending: PendingPool[] };

export type EncodedToken = [Address, string, number, number | null, number | null];
export type EncodedV2 = [Address, Address, Address, string, string];
export type EncodedV3 = [Address, Address, Address, number, number, string, number, string, (number | string)[], [number, number]?];
export type EncodedPending = [Address, PoolProtocol, Address, Address, number, number, number?];
type EncodedShard = { v: number; tokens: EncodedToken[]; v2: EncodedV2[]; v3: EncodedV3[]; v3r?: EncodedV3[]; pending: EncodedPending[] };

/**
 * A shard's items as stored rows, undecoded: what a graph holding only some shards keeps of a shard it loaded but whose
 * items it does not use (decoding every pool of a shard costs far more than parsing it). `v3` holds every V3 row,
 * ranged ones included (they are stored apart, in `v3r`, and merged when parsed).
 */
export type RawGraphShard = { tokens: EncodedToken[]; v2: EncodedV2[]; v3: EncodedV3[]; pending: EncodedPending[] };

const hex = (n: bigint): string => (n < 0n ? `-${(-n).toString(16)}` : n.toString(16));
const unhex = (s: string): bigint => (s.startsWith("-") ? -BigInt(`0x${s.slice(1)}`) : BigInt(`0x${s}`));

/** Encodes a shard; `raw` rows (items kept undecoded, see `RawGraphShard`) are written as they were read. */
export function encodeGraphShard(shard: GraphShard, raw?: RawGraphShard): string {
  const v2: EncodedV2[] = [];
  const v3: EncodedV3[] = [];
  for (const pool of shard.pools) {
    if (pool instanceof V2Pool) {
      v2.push([pool.address, pool.token0, pool.token1, hex(pool.reserve0), hex(pool.reserve1)]);
    } else {
      const ticks: (number | string)[] = [];
      for (const t of pool.ticks) ticks.push(t.index, hex(t.liquidityNet));
      const row: EncodedV3 = [pool.address, pool.token0, pool.token1, pool.fee, pool.tickSpacing, hex(pool.sqrtPriceX96), pool.tick, hex(pool.liquidity), ticks];
      if (pool.tickDataRange) row.push([pool.tickDataRange[0], pool.tickDataRange[1]]);
      v3.push(row);
    }
  }
  if (raw) {
    v2.push(...raw.v2);
    v3.push(...raw.v3);
  }
  const v3r = v3.filter((row) => row.length > 9);
  const tokens: EncodedToken[] = shard.tokens.map((t) => [t.address, t.symbol, t.decimals, t.quality, t.lastTradeAt]);
  const pending: EncodedPending[] = shard.pending.map((p) => p.excluded
    ? [p.address, p.protocol, p.token0, p.token1, p.fee, p.tickSpacing, p.excluded]
    : [p.address, p.protocol, p.token0, p.token1, p.fee, p.tickSpacing]);
  if (raw) {
    tokens.push(...raw.tokens);
    pending.push(...raw.pending);
  }
  const encoded: EncodedShard = { v: VERSION, tokens, v2, v3: v3r.length > 0 ? v3.filter((row) => row.length === 9) : v3, ...(v3r.length > 0 && { v3r }), pending };
  return JSON.stringify(encoded);
}

/** A stored shard's rows, undecoded, or null for another version. */
export function parseGraphShard(text: string): RawGraphShard | null {
  const e = JSON.parse(text) as EncodedShard;
  if (e.v !== VERSION) return null;
  return { tokens: e.tokens, v2: e.v2, v3: e.v3r ? [...e.v3, ...e.v3r] : e.v3, pending: e.pending };
}

/**
 * One string per distinct token address: decoded pools then share their tokens' address strings rather than each
 * holding two copies of its own (JSON gives every occurrence a new string), about 120 bytes a pool. One interner is
 * meant for one read (it keeps every address it saw).
 */
export type AddressInterner = (address: Address) => Address;

export function addressInterner(): AddressInterner {
  const seen = new Map<string, Address>();
  return (address) => {
    const known = seen.get(address);
    if (known !== undefined) return known;
    seen.set(address, address);
    return address;
  };
}

const asIs: AddressInterner = (address) => address;

export function decodePoolRow(row: EncodedV2 | EncodedV3, intern: AddressInterner = asIs): IndexedPool {
  if (row.length === 5) {
    const [address, token0, token1, r0, r1] = row;
    return new V2Pool({ address, token0: intern(token0), token1: intern(token1), reserve0: unhex(r0), reserve1: unhex(r1) });
  }
  const [address, token0, token1, fee, tickSpacing, sqrtPriceX96, tick, liquidity, flat, tickDataRange] = row;
  const ticks = [];
  for (let i = 0; i < flat.length; i += 2) ticks.push({ index: flat[i] as number, liquidityNet: unhex(flat[i + 1] as string) });
  return new V3Pool({
    address, token0: intern(token0), token1: intern(token1), fee, tickSpacing, sqrtPriceX96: unhex(sqrtPriceX96), tick, liquidity: unhex(liquidity), ticks,
    ...(tickDataRange && { tickDataRange }),
  });
}

export const decodeTokenRow = ([address, symbol, decimals, quality, lastTradeAt]: EncodedToken, intern: AddressInterner = asIs): IndexedToken =>
  ({ address: intern(address), symbol, decimals, quality, lastTradeAt });

export const decodePendingRow = ([address, protocol, token0, token1, fee, tickSpacing, excluded]: EncodedPending, intern: AddressInterner = asIs): PendingPool =>
  ({ address, protocol, token0: intern(token0), token1: intern(token1), fee, tickSpacing, ...(typeof excluded === "number" && excluded > 0 && { excluded }) });

/**
 * The shard `encodeGraphShard` wrote, or null for another version (the graph is then rebuilt from scratch). A read of
 * several shards passes one `intern` to all of them.
 */
export function decodeGraphShard(text: string, intern: AddressInterner = addressInterner()): GraphShard | null {
  const e = JSON.parse(text) as EncodedShard;
  if (e.v !== VERSION) return null;
  const pools: IndexedPool[] = [];
  for (const row of e.v2) pools.push(decodePoolRow(row, intern));
  for (const row of e.v3) pools.push(decodePoolRow(row, intern));
  for (const row of e.v3r ?? []) pools.push(decodePoolRow(row, intern));
  return { tokens: e.tokens.map((row) => decodeTokenRow(row, intern)), pools, pending: e.pending.map((row) => decodePendingRow(row, intern)) };
}
