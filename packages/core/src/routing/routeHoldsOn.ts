import type { Address } from "viem";
import type { Pool } from "../pools/types.js";
import { quoteRoute, type Allocation } from "./quoteRoute.js";
import type { Route } from "./types.js";

export type RouteHoldsOnParameters = {
  route: Route;
  /** The pool to quote each hop on; undefined: the route cannot be shown to hold. */
  pools: (address: Address) => Pool | undefined;
};

/**
 * Whether `route` pays exactly what it says when its splits are quoted again, in order, on the given pools: used to
 * check a quote made on pools whose ticks are known only near their price (`tickDataRange`), where a swap leaving
 * them throws instead of guessing (`refreshPoolsAtHead`'s `nearTicks`). Every split and the total must match.
 */
export function routeHoldsOn({ route, pools }: RouteHoldsOnParameters): boolean {
  const allocations: Allocation[] = [];
  for (const split of route.splits) {
    const path: Pool[] = [];
    for (const hop of split.hops) {
      const pool = pools(hop.poolAddress);
      if (!pool) return false;
      path.push(pool);
    }
    allocations.push({ path: { pools: path, tokens: [split.hops[0]!.tokenIn, ...split.hops.map((hop) => hop.tokenOut)] }, amountIn: split.amountIn });
  }
  const again = quoteRoute(route.tokenIn, route.tokenOut, allocations);
  return again !== undefined && again.amountOut === route.amountOut && again.splits.length === route.splits.length
    && again.splits.every((split, i) => split.amountOut === route.splits[i]!.amountOut);
}
