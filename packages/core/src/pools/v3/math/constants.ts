/** Fixed-point and range constants of Uniswap V3 (TickMath, FixedPoint96, integer widths). */
export const Q96 = 1n << 96n;
export const Q128 = 1n << 128n;
export const Q192 = 1n << 192n;
export const MAX_UINT128 = (1n << 128n) - 1n;
export const MAX_UINT160 = (1n << 160n) - 1n;
export const MAX_UINT256 = (1n << 256n) - 1n;
export const MAX_INT256 = (1n << 255n) - 1n;

/** The minimum tick that may be passed to getSqrtRatioAtTick (log base 1.0001 of 2**-128). */
export const MIN_TICK = -887272;
/** The maximum tick that may be passed to getSqrtRatioAtTick (log base 1.0001 of 2**128). */
export const MAX_TICK = 887272;
/** getSqrtRatioAtTick(MIN_TICK). */
export const MIN_SQRT_RATIO = 4295128739n;
/** getSqrtRatioAtTick(MAX_TICK). */
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

/** Fee denominator: fees are in pips (hundredths of a basis point). */
export const FEE_DENOMINATOR = 1_000_000n;

/** The fee tiers enabled by the canonical factory and their tick spacings. */
export const FEE_TIER_TICK_SPACINGS: Readonly<Record<number, number>> = Object.freeze({
  100: 1,
  500: 10,
  3000: 60,
  10000: 200,
});
