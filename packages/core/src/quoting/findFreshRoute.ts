import type { Address, PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { refreshPools } from "../indexer/refreshPools.js";
import type { Pool } from "../pools/types.js";
import { RouteError } from "../routing/errors.js";
import { DEFAULT_ROUTE_OPTIONS, findBestRoute } from "../routing/findBestRoute.js";
import { findCandidatePaths } from "../routing/findCandidatePaths.js";
import { createPoolGraph, type PoolGraph } from "../routing/poolGraph.js";
import type { Route } from "../routing/types.js";

/** The routing engine's index of a chain graph, built once per graph object (a new graph arrives from the store). */
const routingGraphs = new WeakMap<ChainGraph, PoolGraph>();

function routingGraphOf(graph: ChainGraph): PoolGraph {
  let routing = routingGraphs.get(graph);
  if (!routing) {
    routing = createPoolGraph([...graph.pools.values()]);
    routingGraphs.set(graph, routing);
  }
  return routing;
}

export type FindFreshRouteParameters = {
  graph: ChainGraph;
  /** Reads the pools at `latestBlock`; absent (in-process benchmarks on a fixed graph): the graph is used as is. */
  client?: PublicClient;
  latestBlock?: bigint;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** How errors name the tokens (default: the graph's symbols). */
  symbols?: { in: string; out: string };
};

export type FindFreshRouteReturnType = { route: Route; poolsRefreshed: number; candidatePools: number };

/**
 * The best route on pool state as of the chain's latest block. The candidate paths are found on the graph (a float
 * heuristic, so slightly stale state does no harm); the pools they touch are then brought to `latestBlock` (one
 * Multicall3 call, nothing when already current), and the exact search runs on those fresh pools only, so every
 * pool the route uses is quoted on current state.
 */
export function findFreshRoute(p: FindFreshRouteParameters): Promise<FindFreshRouteReturnType> | FindFreshRouteReturnType {
  const whole = Number(p.amountIn);
  const o = DEFAULT_ROUTE_OPTIONS;
  const paths = findCandidatePaths(routingGraphOf(p.graph), {
    tokenIn: p.tokenIn, tokenOut: p.tokenOut, probeAmounts: [whole, whole / o.chunks],
    maxHops: o.maxHops, maxPaths: o.maxPaths, beamWidth: o.beamWidth,
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
  if (!p.client || p.latestBlock === undefined) return search(0);
  return refreshPools({ graph: p.graph, client: p.client, pools: addresses, latestBlock: p.latestBlock }).then(search);
}

function noRoute(p: FindFreshRouteParameters, why: string): SluiceError {
  const symbol = (a: Address) => p.graph.tokens.get(a)?.symbol ?? a;
  const from = p.symbols?.in ?? symbol(p.tokenIn);
  const to = p.symbols?.out ?? symbol(p.tokenOut);
  return new SluiceError("NO_ROUTE", `No route from ${from} to ${to} on ${p.graph.chain}: ${why}`);
}
