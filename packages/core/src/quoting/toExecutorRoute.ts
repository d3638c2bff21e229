import type { ExecutorRoute } from "../executor/executorRoute.js";
import type { Route } from "../routing/types.js";

/**
 * The routing engine's route as the executor contract consumes it: the same splits in the same order (the engine
 * quoted each split on the state the earlier ones leave, which is the order the executor runs them in), each hop's
 * pool, kind (and V3 fee) and tokens. Amounts other than each split's input are the quote's business, not the executor's.
 */
export function toExecutorRoute(route: Route): ExecutorRoute {
  return {
    splits: route.splits.map((split) => ({
      amountIn: split.amountIn,
      hops: split.hops.map((hop) => (hop.protocol === "uniswap-v2"
        ? { pool: hop.poolAddress, kind: "v2" as const, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut }
        : { pool: hop.poolAddress, kind: "v3" as const, fee: hop.fee, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut })),
    })),
  };
}
