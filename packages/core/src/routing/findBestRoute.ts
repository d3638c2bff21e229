import type { Address } from "viem";
import { normalizeToken } from "../pools/normalizeToken.js";
import { allocateSplits } from "./allocateSplits.js";
import { RouteError } from "./errors.js";
import { findCandidatePaths } from "./findCandidatePaths.js";
import { netOfGas } from "./netOfGas.js";
import type { PoolGraph } from "./poolGraph.js";
import { quotePath } from "./quotePath.js";
import { quoteRoute } from "./quoteRoute.js";
import type { Route } from "./types.js";

export type FindBestRouteParameters = {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** Pools per path, 1 to 3. Default 3. */
  maxHops?: number;
  /** Candidate paths kept per ranking (see findCandidatePaths). Default 8. */
  maxPaths?: number;
  /** Partial paths kept per intermediate token. Default 4. */
  beamWidth?: number;
  /** Chunks of the greedy split allocation. Default 32. */
  chunks?: number;
  /** Paths that may receive input. Default 4. */
  maxSplits?: number;
  /** Halvings of the refinement step. Default 5 (down to 1/1024 of the input with 32 chunks). */
  refinementLevels?: number;
  /**
   * The value of `gas` gas units in tokenOut raw units. Given, routes are compared on `amountOut − gasCostOut(gasEstimate)`
   * (see `netOfGas`): a split or an extra hop is kept only when its extra output pays for its extra gas. Absent, on
   * `amountOut` alone.
   */
  gasCostOut?: (gas: bigint) => bigint;
};

export const DEFAULT_ROUTE_OPTIONS = { maxHops: 3, maxPaths: 8, beamWidth: 4, chunks: 32, maxSplits: 4, refinementLevels: 5 } as const;

/**
 * The route paying the most tokenOut for amountIn tokenIn (net of its gas when `gasCostOut` is given): candidate paths
 * by beam search, the input split across them by greedy marginal allocation with refinement, the result re-quoted
 * exactly end to end and compared with every candidate taken alone (and, net of gas, with the allocations over fewer
 * paths); when nothing absorbs the input, once more with a wider beam. Throws RouteError
 * (INVALID_REQUEST, NO_ROUTE, INSUFFICIENT_LIQUIDITY).
 */
export function findBestRoute(graph: PoolGraph, parameters: FindBestRouteParameters): Route {
  const o = { ...DEFAULT_ROUTE_OPTIONS, gasCostOut: undefined, ...parameters };
  const tokenIn = normalizeToken(parameters.tokenIn);
  const tokenOut = normalizeToken(parameters.tokenOut);
  const { amountIn } = parameters;
  if (amountIn <= 0n) throw new RouteError("INVALID_REQUEST", `amountIn must be positive, got ${amountIn}`);
  if (tokenIn === tokenOut) throw new RouteError("INVALID_REQUEST", "tokenIn and tokenOut are the same token");
  if (!(o.maxHops >= 1 && o.maxHops <= 3)) throw new RouteError("INVALID_REQUEST", "maxHops must be 1, 2 or 3");

  const narrow = searchRoute(graph, tokenIn, tokenOut, amountIn, o);
  if (narrow.route) return narrow.route;
  // The beam ranks partial paths on a float estimate that cannot see where a V3 pool's liquidity ends, so it can keep
  // only paths that all run dry in one shared pool while a pruned one absorbs the input. Before refusing, search once
  // more with a wider beam; only a refused quote pays for it.
  const wide = searchRoute(graph, tokenIn, tokenOut, amountIn, { ...o, ...widenedRouteOptions(o) });
  if (wide.route) return wide.route;
  if (wide.paths === 0) throw new RouteError("NO_ROUTE", `no path of at most ${o.maxHops} pools from ${tokenIn} to ${tokenOut}`);
  throw new RouteError("INSUFFICIENT_LIQUIDITY", `the ${wide.paths} paths found cannot absorb ${amountIn} of ${tokenIn}`);
}

/** The beam and path limits of the second search made before a quote is refused: four times the first's. */
export function widenedRouteOptions(o: { beamWidth: number; maxPaths: number }): { beamWidth: number; maxPaths: number } {
  return { beamWidth: o.beamWidth * 4, maxPaths: o.maxPaths * 4 };
}

function searchRoute(
  graph: PoolGraph,
  tokenIn: Address,
  tokenOut: Address,
  amountIn: bigint,
  o: Required<Omit<FindBestRouteParameters, "tokenIn" | "tokenOut" | "amountIn" | "gasCostOut">> & Pick<FindBestRouteParameters, "gasCostOut">,
): { route?: Route; paths: number } {
  const value = (route: Route) => netOfGas(route, o.gasCostOut);
  const better = (route: Route | undefined, than: Route | undefined): route is Route => !!route && (!than || value(route) > value(than));
  const whole = Number(amountIn);
  const paths = findCandidatePaths(graph, {
    tokenIn,
    tokenOut,
    probeAmounts: [whole, whole / o.chunks],
    maxHops: o.maxHops,
    maxPaths: o.maxPaths,
    beamWidth: o.beamWidth,
  });
  let best: Route | undefined;
  for (const path of paths) {
    if (!quotePath(path, amountIn)) continue;
    const single = quoteRoute(tokenIn, tokenOut, [{ path, amountIn }]);
    if (better(single, best)) best = single;
  }
  if (paths.length > 1 && o.maxSplits > 1) {
    const split = (maxSplits: number) => {
      const allocation = allocateSplits({ tokenIn, tokenOut, paths, amountIn, chunks: o.chunks, maxSplits, refinementLevels: o.refinementLevels, gasCostOut: o.gasCostOut });
      // same order as the allocation was refined in, so the exact quote is the one that was optimised
      return allocation && quoteRoute(tokenIn, tokenOut, paths.map((path, k) => ({ path, amountIn: allocation[k]! })));
    };
    const full = split(o.maxSplits);
    if (better(full, best)) best = full;
    // Net of gas, each split costs its hops and more: where the full allocation uses three paths or more, the best
    // allocation over fewer may pay more once gas is counted (the greedy itself ignores gas). Only then, at most
    // maxSplits − 2 more allocations.
    if (o.gasCostOut && full) {
      for (let fewer = full.splits.length - 1; fewer >= 2; fewer--) {
        const restricted = split(fewer);
        if (better(restricted, best)) best = restricted;
      }
    }
  }
  return { route: best, paths: paths.length };
}
