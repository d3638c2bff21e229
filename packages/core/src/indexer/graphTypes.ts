/**
 * The indexed liquidity graph of one chain: every Uniswap V2 pair and V3 pool its factories created, their state as
 * of `block`, and the tokens they hold. Pools are the pool math's immutable `Pool` objects, ready to quote.
 */
import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { PoolProtocol } from "../pools/types.js";
import type { V2Pool } from "../pools/v2/v2Pool.js";
import type { V3Pool } from "../pools/v3/v3Pool.js";

export type IndexedToken = {
  /** Lower-cased. */
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  /** Upstream quality score (0–100) from the configured source; null when the source does not know the token. */
  readonly quality: number | null;
  /** Unix seconds of the latest Swap event of any indexed pool holding the token; null if never traded. */
  readonly lastTradeAt: number | null;
};

export type IndexedPool = V2Pool | V3Pool;

/** A pool that exists but cannot be quoted yet (a V3 pool created but never initialized). */
export type PendingPool = {
  readonly protocol: PoolProtocol;
  readonly address: Address;
  readonly token0: Address;
  readonly token1: Address;
  readonly fee: number;
  readonly tickSpacing: number;
  /**
   * When (ms) the pool was excluded from the index (`excludeOversizedItems`: too large to store even cut to the ticks
   * near its price, or too large for its shard); 1 for rows stored before the time was kept. Stored, so the pool is not read
   * again and its logs are ignored until `EXCLUDED_POOL_RETRY_MS` has passed (`isExcludedPool`).
   */
  readonly excluded?: number;
};

export type ChainGraph = {
  readonly chain: ChainName;
  readonly chainId: number;
  /** Every log up to and including this block has been applied; pool state is as of this block. */
  block: bigint;
  /** Timestamp (unix seconds) of `block`. */
  blockTimestamp: number;
  tokens: Map<Address, IndexedToken>;
  pools: Map<Address, IndexedPool>;
  pending: Map<Address, PendingPool>;
  /** Pool addresses per token (derived; rebuilt by `indexPoolsByToken`). */
  poolsByToken: Map<Address, Address[]>;
  /** Pools re-read at quote time, with the block read at (newer than `block`); kept in memory only. */
  refreshedAt: Map<Address, bigint>;
};

/** A new, empty graph (nothing indexed: block -1). */
export function emptyGraph(chain: ChainName, chainId: number): ChainGraph {
  return { chain, chainId, block: -1n, blockTimestamp: 0, tokens: new Map(), pools: new Map(), pending: new Map(), poolsByToken: new Map(), refreshedAt: new Map() };
}

/** Rebuilds `poolsByToken` from `pools`. */
export function indexPoolsByToken(graph: ChainGraph): void {
  const byToken = new Map<Address, Address[]>();
  for (const pool of graph.pools.values()) {
    for (const token of [pool.token0, pool.token1]) {
      const list = byToken.get(token);
      if (list) list.push(pool.address);
      else byToken.set(token, [pool.address]);
    }
  }
  graph.poolsByToken = byToken;
}
