import type { Route } from "../routing/types.js";

export type GaslessGasCeilingParameters = {
  /** The chain's most gas per hop (`gaslessGasPerHop`). */
  perHop: bigint;
  route: Pick<Route, "splits">;
};

/**
 * The most gas a gasless swap of this route may take: the chain's allowance per hop, for every hop of every split and
 * two more (the permit and the transfers in and out). A legitimate swap needs a fraction of it; a token whose transfer
 * burns gas needs more, and is refused before the relayer sends anything (`simulateSolve`).
 */
export function gaslessGasCeiling({ perHop, route }: GaslessGasCeilingParameters): bigint {
  const hops = route.splits.reduce((sum, split) => sum + split.hops.length, 0);
  return perHop * BigInt(hops + 2);
}
