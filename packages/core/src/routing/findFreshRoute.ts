import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { Pool } from "../pools/types.js";
import { RouteError } from "./errors.js";
import { DEFAULT_ROUTE_OPTIONS, findBestRoute, widenedRouteOptions } from "./findBestRoute.js";
import { findCandidatePaths } from "./findCandidatePaths.js";
import { createPoolGraph } from "./poolGraph.js";
import type { RoutingGraphCache } from "./routingGraphCache.js";
import type { Route } from "./types.js";

export type FindFreshRouteParameters = {
  graph: ChainGraph;
  /** This isolate's router index of each graph. */
  routingGraphs: RoutingGraphCache;
  /**
   * The pool refresher (a provider): brings the given pools of `graph` to current state and says how many it re-read.
   * Absent (in-process benchmarks on a fixed graph): the graph is used as is.
   */
  refresh?: (pools: Address[]) => Promise<number>;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** Whether a token may be an intermediate hop (default: any); the endpoints always may. */
  canHop?: (token: Address) => boolean;
  /** Whether a pool may be used (default: any); the quoter leaves dust pools out. */
  canUsePool?: (pool: Pool) => boolean;
  /** How errors name the tokens (default: the graph's symbols). */
  symbols?: { in: string; out: string };
  /** The value of gas in tokenOut raw units: routes are then compared net of gas (see `findBestRoute`). */
  gasCostOut?: (gas: bigint) => bigint;
};

export type FindFreshRouteReturnType = { route: Route; poolsRefreshed: number; candidatePools: number };

/**
 * The router's one step: the best route on current pool state. The candidate paths are found on the graph (a float
 * heuristic, so slightly stale state does no harm); the pools they touch are then refreshed by the injected
 * refresher (one Multicall3 call at the latest block, nothing when already current), and the exact search runs on
 * those fresh pools only, so every pool the route uses is quoted on current state.
 */
export function findFreshRoute(p: FindFreshRouteParameters): Promise<FindFreshRouteReturnType> | FindFreshRouteReturnType {
  const narrow = candidatePools(p, DEFAULT_ROUTE_OPTIONS);
  if (narrow.length === 0) throw noRoute(p, "no pool path of at most 3 hops connects them");
  // Before a refusal, the candidate search runs once more with a wider beam (see findBestRoute): a pruned path may
  // absorb what every kept one cannot. Only the pools it adds are refreshed.
  const added = () => {
    const known = new Set(narrow);
    return candidatePools(p, { ...DEFAULT_ROUTE_OPTIONS, ...widenedRouteOptions(DEFAULT_ROUTE_OPTIONS) }).filter((a) => !known.has(a));
  };
  const { refresh } = p;
  if (!refresh) {
    const found = search(p, narrow, 0);
    if (!(found instanceof SluiceError)) return found;
    const more = added();
    return orThrow(more.length > 0 ? search(p, [...narrow, ...more], 0) : found);
  }
  return (async () => {
    const refreshed = await refresh(narrow);
    const found = search(p, narrow, refreshed);
    if (!(found instanceof SluiceError)) return found;
    const more = added();
    if (more.length === 0) throw found;
    return orThrow(search(p, [...narrow, ...more], refreshed + (await refresh(more))));
  })();
}

function orThrow(found: FindFreshRouteReturnType | SluiceError): FindFreshRouteReturnType {
  if (found instanceof SluiceError) throw found;
  return found;
}

/** The pools of the candidate paths on the whole graph (a float heuristic, so slightly stale state does no harm). */
function candidatePools(p: FindFreshRouteParameters, o: { chunks: number; maxHops: number; maxPaths: number; beamWidth: number }): Address[] {
  const whole = Number(p.amountIn);
  const paths = findCandidatePaths(p.routingGraphs.of(p.graph), {
    tokenIn: p.tokenIn, tokenOut: p.tokenOut, probeAmounts: [whole, whole / o.chunks],
    maxHops: o.maxHops, maxPaths: o.maxPaths, beamWidth: o.beamWidth, canHop: p.canHop, canUsePool: p.canUsePool,
  });
  return [...new Set(paths.flatMap((path) => path.pools.map((pool) => pool.address)))];
}

/** The exact search on the given pools at their (refreshed) state; a refusal (NO_ROUTE) is returned, not thrown. */
function search(p: FindFreshRouteParameters, addresses: readonly Address[], poolsRefreshed: number): FindFreshRouteReturnType | SluiceError {
  const fresh: Pool[] = [];
  for (const a of addresses) {
    const pool = p.graph.pools.get(a);
    if (pool) fresh.push(pool as Pool);
  }
  try {
    const route = findBestRoute(createPoolGraph(fresh), { tokenIn: p.tokenIn, tokenOut: p.tokenOut, amountIn: p.amountIn, gasCostOut: p.gasCostOut });
    return { route, poolsRefreshed, candidatePools: fresh.length };
  } catch (error) {
    if (!(error instanceof RouteError)) throw error;
    if (error.code === "INVALID_REQUEST") throw new SluiceError("MALFORMED_REQUEST", error.message);
    return noRoute(p, error.code === "NO_ROUTE" ? "no pool path of at most 3 hops connects them" : "the pools connecting them cannot absorb the whole amount");
  }
}

function noRoute(p: FindFreshRouteParameters, why: string): SluiceError {
  const symbol = (a: Address) => p.graph.tokens.get(a)?.symbol ?? a;
  const from = p.symbols?.in ?? symbol(p.tokenIn);
  const to = p.symbols?.out ?? symbol(p.tokenOut);
  return new SluiceError("NO_ROUTE", `No route from ${from} to ${to} on ${p.graph.chain}: ${why}`);
}
