import type { Address } from "viem";
import { logEvent } from "../observability/logEvent.js";
import { V3Pool } from "../pools/v3/v3Pool.js";
import { bandV3Ticks } from "./bandV3Ticks.js";
import { encodeGraphShard } from "./graphCodec.js";
import { indexPoolsByToken, type ChainGraph, type PendingPool } from "./graphTypes.js";
import { sanitizeTokenSymbol, TOKEN_SYMBOL_MAX_CHARS } from "./sanitizeTokenSymbol.js";

/**
 * Initialized ticks a V3 pool may have and still be indexed. The deepest real pools hold a few thousand (USDC/WETH
 * 0.05% on Ethereum: about 2,000–3,000, spread by years of positions); anyone can create a fee-100 pool and mint
 * tens of thousands of one-tick positions in it, or a few thousand dust positions far from a real pool's price. At most
 * about 46 bytes a tick as stored (a 7-character index and a 32-digit liquidityNet), 5,000 ticks are at most ~230 KB:
 * under half a cold index's 512 KB segment and a quarter of a stored value (1 MB), whatever shares the shard. A pool
 * past it keeps the 5,000 ticks nearest its price (`bandV3Ticks`): a swap that would leave the band throws instead of
 * quoting on ticks that are not there, and the indexer reads the pool whole again to re-centre the band when its price
 * nears an edge (`bandNeedsRecentring`). Excluding it instead let anyone take a real pool out of the index with dust.
 */
export const V3_TICKS_PER_POOL_MAX = 5_000;

/** Bytes one pool or token may take as stored: half a cold index's segment (512 KB), a quarter of a value (1 MB). */
export const GRAPH_ITEM_MAX_BYTES = 256 * 1024;

/** V3 pools with fewer ticks than this are small whatever their numbers (1,000 × 46 B): never measured. */
const MEASURE_FROM_TICKS = 1_000;

export type ExcludeOversizedItemsParameters = {
  graph: ChainGraph;
  /** Only these pools and tokens (absent ones skipped); absent: every pool and token of the graph. */
  candidates?: { pools: Iterable<Address>; tokens: Iterable<Address> };
  /** Where the error line naming each item goes (default `logEvent`). */
  log?: typeof logEvent;
};

/** What changed: pools cut to a band or excluded (now excluded pending pools), and tokens whose symbol was cut. */
export type ExcludeOversizedItemsReturnType = { pools: Address[]; tokens: Address[] };

/**
 * The writers' guard: no single pool or token may stop a chain's writes. A V3 pool with more than
 * `V3_TICKS_PER_POOL_MAX` initialized ticks keeps only the band nearest its price (`bandV3Ticks`, as `applyPoolStates`
 * does when it is read; a warning names it); one still larger than `GRAPH_ITEM_MAX_BYTES` as stored becomes an
 * excluded pending pool (`PendingPool.excluded`: stored, so it is not read again and its logs are ignored until
 * `EXCLUDED_POOL_RETRY_MS` passes); a token whose symbol is longer than a sanitised one can be (stored before symbols
 * were sanitised at read) gets its sanitised symbol. Each exclusion and cut symbol is logged as an error naming it.
 * The graph is changed in place.
 */
export function excludeOversizedItems({ graph, candidates, log = logEvent }: ExcludeOversizedItemsParameters): ExcludeOversizedItemsReturnType {
  const out: ExcludeOversizedItemsReturnType = { pools: [], tokens: [] };
  const excluded: Address[] = [];
  for (const address of candidates ? new Set(candidates.pools) : graph.pools.keys()) {
    let pool = graph.pools.get(address);
    if (!(pool instanceof V3Pool) || pool.ticks.length <= MEASURE_FROM_TICKS) continue;
    if (pool.ticks.length > V3_TICKS_PER_POOL_MAX) {
      const band = bandV3Ticks({ ticks: pool.ticks, tick: pool.tick, max: V3_TICKS_PER_POOL_MAX, tickDataRange: pool.tickDataRange });
      log("warn", "pool indexed near its price only: too many initialized ticks", {
        chain: graph.chain, pool: address, ticks: pool.ticks.length, maxTicks: V3_TICKS_PER_POOL_MAX, tickDataRange: band.tickDataRange!.join(".."),
      });
      pool = new V3Pool({ ...pool, ticks: band.ticks, tickDataRange: band.tickDataRange });
      graph.pools.set(address, pool);
      out.pools.push(address);
    }
    const bytes = encodeGraphShard({ tokens: [], pools: [pool], pending: [] }).length;
    if (bytes <= GRAPH_ITEM_MAX_BYTES) continue;
    excluded.push(address);
    if (!out.pools.includes(address)) out.pools.push(address);
    log("error", "pool excluded from the index: too large to store", { chain: graph.chain, pool: address, ticks: pool.ticks.length, bytes });
  }
  for (const address of excluded) {
    const pool = graph.pools.get(address) as V3Pool;
    graph.pools.delete(address);
    graph.pending.set(address, excludedPool(pool));
  }
  if (excluded.length > 0) indexPoolsByToken(graph);
  for (const address of candidates ? new Set(candidates.tokens) : graph.tokens.keys()) {
    const token = graph.tokens.get(address);
    if (!token || token.symbol.length <= 2 * TOKEN_SYMBOL_MAX_CHARS) continue;
    graph.tokens.set(address, { ...token, symbol: sanitizeTokenSymbol(token.symbol) });
    out.tokens.push(address);
    log("error", "token symbol cut: too long to store", { chain: graph.chain, token: address, symbolLength: token.symbol.length });
  }
  return out;
}

/**
 * How long a pool stays excluded before it is read again. An exclusion is not final: anyone can push a real pool
 * past the cap (dust positions at ~2,500 extra ticks) or stack ground pools in its shard, and burn the positions
 * afterwards; a permanent exclusion would take a major pool out of quotes for good. After this long the pool is an
 * ordinary pending pool again: its next log reads it whole (state and every tick; a cold index's load reads it), and
 * it is re-included if it fits, else excluded again with a new time. 6 hours: an attacker keeping a pool out must
 * keep the positions (capital, and gas each time they move), the re-read of a still-oversized pool (~40 requests of a
 * 50,000-tick pool) costs a chain a few per day, and a pool wrongly kept out comes back within a quarter of a day.
 */
export const EXCLUDED_POOL_RETRY_MS = 6 * 60 * 60 * 1000;

/** Whether a pool is excluded at `now`: excluded less than `EXCLUDED_POOL_RETRY_MS` ago (an old row's `1`: long ago). */
export function isExcludedPool(pool: { excluded?: number } | undefined, now: number = Date.now()): boolean {
  return pool?.excluded !== undefined && now - pool.excluded < EXCLUDED_POOL_RETRY_MS;
}

/** The excluded pending pool standing for a pool that is not indexed, excluded at `at` (ms). */
export function excludedPool(pool: { protocol: PendingPool["protocol"]; address: Address; token0: Address; token1: Address; fee?: number; tickSpacing?: number }, at: number = Date.now()): PendingPool {
  return { protocol: pool.protocol, address: pool.address, token0: pool.token0, token1: pool.token1, fee: pool.fee ?? 3000, tickSpacing: pool.tickSpacing ?? 0, excluded: at };
}
