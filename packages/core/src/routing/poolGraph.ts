import type { Address } from "viem";
import type { Pool } from "../pools/types.js";

/** Float parameters of one pool for the search heuristic (never used for amounts). */
export type EdgeParameters = {
  readonly pool: Pool;
  /** Virtual reserves in token0 / token1 units and the fee multiplier (1 − fee). */
  readonly reserve0: number;
  readonly reserve1: number;
  readonly gamma: number;
};

/** Pools indexed by token and by token pair, built once per pool set and reused across quotes. */
export type PoolGraph = {
  readonly pools: readonly Pool[];
  /** token → edges of every pool holding it. */
  readonly byToken: ReadonlyMap<Address, readonly EdgeParameters[]>;
  /** "tokenA|tokenB" (sorted) → edges of the pools of that pair. */
  readonly byPair: ReadonlyMap<string, readonly EdgeParameters[]>;
};

export function pairKey(a: Address, b: Address): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes `pools` by token and by pair. Later pools with an already-seen address are ignored. */
export function createPoolGraph(pools: readonly Pool[]): PoolGraph {
  const byToken = new Map<Address, EdgeParameters[]>();
  const byPair = new Map<string, EdgeParameters[]>();
  const seen = new Set<Address>();
  const kept: Pool[] = [];
  for (const pool of pools) {
    if (seen.has(pool.address)) continue;
    seen.add(pool.address);
    kept.push(pool);
    const { reserveIn: reserve0, reserveOut: reserve1 } = pool.virtualReserves(pool.token0);
    const edge: EdgeParameters = { pool, reserve0, reserve1, gamma: 1 - pool.fee / 1_000_000 };
    push(byToken, pool.token0, edge);
    push(byToken, pool.token1, edge);
    push(byPair, pairKey(pool.token0, pool.token1), edge);
  }
  return { pools: kept, byToken, byPair };
}

/** The float estimate of one swap: out × γa ÷ (in + γa) on the virtual reserves. */
export function estimateEdgeOut(edge: EdgeParameters, tokenIn: Address, amountIn: number): number {
  const [reserveIn, reserveOut] = tokenIn === edge.pool.token0 ? [edge.reserve0, edge.reserve1] : [edge.reserve1, edge.reserve0];
  const effective = amountIn * edge.gamma;
  const out = (reserveOut * effective) / (reserveIn + effective);
  return Number.isFinite(out) ? out : 0;
}
