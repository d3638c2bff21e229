import type { Ratio } from "./decimalFraction.js";

export type MarketPriceImpactBpsParameters = {
  /** USD value of the input and of the output at the reference prices (`valueInUsd`); undefined when unpriced. */
  valueIn: Ratio | undefined;
  valueOut: Ratio | undefined;
};

/**
 * Price impact against the market, in bps, rounded up: how much less the output is worth than the input, both valued
 * at the reference prices `volumeUsd` uses (each token's deepest pool to a USD stablecoin, at most two pools away).
 * Pool fees count as impact, as they cost the user. An output worth at least the input is 0 — a small mispriced pool
 * that pays better than the market is not "impact". Undefined when either side cannot be priced (the caller then
 * falls back to the route's own measure, against its pools' mid prices).
 */
export function marketPriceImpactBps({ valueIn, valueOut }: MarketPriceImpactBpsParameters): number | undefined {
  if (!valueIn || !valueOut || valueIn.numerator === 0n) return undefined;
  // 10000 × (1 − out/in), with out/in = (outN × inD) / (outD × inN), rounded up.
  const outScaled = valueOut.numerator * valueIn.denominator;
  const inScaled = valueOut.denominator * valueIn.numerator;
  if (outScaled >= inScaled) return 0;
  const lost = (inScaled - outScaled) * 10_000n;
  return Number((lost + inScaled - 1n) / inScaled);
}
