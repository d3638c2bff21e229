import type { Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import type { Pool } from "../pools/types.js";
import { RouteError } from "./errors.js";
import { DEFAULT_ROUTE_OPTIONS, findBestRoute } from "./findBestRoute.js";
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
};

export type FindFreshRouteReturnType = { route: Route; poolsRefreshed: number; candidatePools: number };

/**
 * The router's one step: the best route on current pool state. The candidate paths are found on the graph (a float
 * heuristic, so slightly stale state does no harm); the pools they touch are then refreshed by the injected
 * refresher (one Multicall3 call at the latest block, nothing when already current), and the exact search runs on
 * those fresh pools only, so every pool the route uses is quoted on current state.
 */
export function findFreshRoute(p: FindFreshRouteParameters): Promise<FindFreshRouteReturnType> | FindFreshRouteReturnType {
  const whole = Number(p.amountIn);
  const o = DEFAULT_ROUTE_OPTIONS;
  const paths = findCandidatePaths(p.routingGraphs.of(p.graph), {
    tokenIn: p.tokenIn, tokenOut: p.tokenOut, probeAmounts: [whole, whole / o.chunks],
    maxHops: o.maxHops, maxPaths: o.maxPaths, beamWidth: o.beamWidth, canHop: p.canHop, canUsePool: p.canUsePool,
  });
  if (paths.length === 0) throw noRoute(p, "no pool path of at most 3 hops connects them");
  const addresses = [...new Set(paths.flatMap((path) => path.pools.map((pool) => pool.address)))];
  const search = (poolsRefreshed: number): FindFreshRouteReturnType => {
    const fresh: Pool[] = [];
    for (const a of addresses) {
      const pool = p.graph.pools.get(a);
      if (pool) fresh.push(pool as Pool);
    }
    try {
      const route = findBestRoute(createPoolGraph(fresh), { tokenIn: p.tokenIn, tokenOut: p.tokenOut, amountIn: p.amountIn });
      return { route, poolsRefreshed, candidatePools: fresh.length };
    } catch (error) {
      if (error instanceof RouteError) {
        throw error.code === "INVALID_REQUEST"
          ? new SluiceError("MALFORMED_REQUEST", error.message)
          : noRoute(p, error.code === "NO_ROUTE" ? "no pool path of at most 3 hops connects them" : "the pools connecting them cannot absorb the whole amount");
      }
      throw error;
    }
  };
  if (!p.refresh) return search(0);
  return p.refresh(addresses).then(search);
}

function noRoute(p: FindFreshRouteParameters, why: string): SluiceError {
  const symbol = (a: Address) => p.graph.tokens.get(a)?.symbol ?? a;
  const from = p.symbols?.in ?? symbol(p.tokenIn);
  const to = p.symbols?.out ?? symbol(p.tokenOut);
  return new SluiceError("NO_ROUTE", `No route from ${from} to ${to} on ${p.graph.chain}: ${why}`);
}
