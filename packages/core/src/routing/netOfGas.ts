import type { Route } from "./types.js";

/**
 * What a route is worth to the swapper, the measure routes are compared on: its output, less its gas (`gasEstimate`)
 * valued in tokenOut raw units when `gasCostOut` is given (it may then be negative: a tiny trade still gets the route
 * that loses least). Without it, the output alone.
 */
export function netOfGas(route: Pick<Route, "amountOut" | "gasEstimate">, gasCostOut: ((gas: bigint) => bigint) | undefined): bigint {
  return gasCostOut ? route.amountOut - gasCostOut(route.gasEstimate) : route.amountOut;
}
