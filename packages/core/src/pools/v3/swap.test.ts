import { describe, expect, it } from "vitest";
import { MAX_SQRT_RATIO, MAX_UINT128, MIN_SQRT_RATIO } from "./math/constants.js";
import { encodePriceSqrt, sqrt } from "./math/testUtils.js";
import { computeSwapStep } from "./math/computeSwapStep.js";
import { getSqrtRatioAtTick } from "./math/getSqrtRatioAtTick.js";
import { swap } from "./swap.js";
import { makeV3Pool, maxUsableTick, minUsableTick, type Position } from "@sluice/testkit";

// Expected amounts and ticks from Uniswap v3-core test/UniswapV3Pool.swaps.spec.ts and its snapshot.
const E18 = 10n ** 18n;
const SPACING: Record<number, number> = { 500: 10, 3000: 60, 10000: 200 };
const fullRange = (fee: number, liquidity = 2n * E18): Position => ({
  tickLower: minUsableTick(SPACING[fee]!),
  tickUpper: maxUsableTick(SPACING[fee]!),
  liquidity,
});
const ONE = encodePriceSqrt(1n, 1n);

/**
 * The spec's encodePriceSqrt(1, 2^127) as its decimal library computes it (40 decimal places, half-up):
 * the price rounds to 59e-40, its square root to 40 places, then × 2^96 rounded down.
 */
function specPriceNearMin(): bigint {
  const radicand = 59n * 10n ** 40n; // sqrt(59e-40) × 1e40 = sqrt(59 × 1e40)
  let root = sqrt(radicand);
  if ((2n * root + 1n) ** 2n <= 4n * radicand) root += 1n; // round half up
  return (root << 96n) / 10n ** 40n;
}
const MAX_INT256 = (1n << 255n) - 1n;

const POOLS = {
  low: { fee: 500, price: ONE, positions: [fullRange(500)] },
  medium: { fee: 3000, price: ONE, positions: [fullRange(3000)] },
  high: { fee: 10000, price: ONE, positions: [fullRange(10000)] },
  gapAroundPrice: {
    fee: 3000,
    price: ONE,
    positions: [
      { tickLower: minUsableTick(60), tickUpper: -60, liquidity: 2n * E18 },
      { tickLower: 60, tickUpper: maxUsableTick(60), liquidity: 2n * E18 },
    ],
  },
  additional: {
    fee: 3000,
    price: ONE,
    positions: [
      fullRange(3000),
      { tickLower: minUsableTick(60), tickUpper: -60, liquidity: 2n * E18 },
      { tickLower: 60, tickUpper: maxUsableTick(60), liquidity: 2n * E18 },
    ],
  },
  stable: { fee: 500, price: ONE, positions: [{ tickLower: -10, tickUpper: 10, liquidity: 2n * E18 }] },
  maxLiquidity: { fee: 3000, price: ONE, positions: [fullRange(3000, MAX_UINT128 / 29575n)] },
  nearMaxPrice: { fee: 3000, price: encodePriceSqrt(2n ** 127n, 1n), positions: [fullRange(3000)] },
  nearMinPrice: { fee: 3000, price: specPriceNearMin(), positions: [fullRange(3000)] },
  atMaxRatio: { fee: 3000, price: MAX_SQRT_RATIO - 1n, positions: [fullRange(3000)] },
  atMinRatio: { fee: 3000, price: MIN_SQRT_RATIO, positions: [fullRange(3000)] },
} as const;

type Case = {
  pool: keyof typeof POOLS;
  zeroForOne: boolean;
  amount: bigint; // > 0 exact in, < 0 exact out
  limit?: bigint;
  expected: [bigint, bigint, number] | "SPL";
};

const CASES: Case[] = [
  { pool: "low", zeroForOne: true, amount: E18, expected: [E18, -666444407401233536n, -8107] },
  { pool: "low", zeroForOne: false, amount: E18, expected: [-666444407401233536n, E18, 8106] },
  { pool: "low", zeroForOne: true, amount: 1000n, expected: [1000n, -998n, -1] },
  { pool: "low", zeroForOne: true, amount: -E18, expected: [2001000500250125077n, -E18, -13864] },
  { pool: "low", zeroForOne: false, amount: -E18, expected: [-E18, 2001000500250125079n, 13863] },
  { pool: "low", zeroForOne: true, amount: MAX_INT256, limit: encodePriceSqrt(2n, 5n), expected: [1162859089713235953n, -735088935932648266n, -9164] },
  { pool: "low", zeroForOne: false, amount: MAX_INT256, limit: encodePriceSqrt(5n, 2n), expected: [-735088935932648266n, 1162859089713235954n, 9163] },
  { pool: "low", zeroForOne: true, amount: MAX_INT256, limit: encodePriceSqrt(5n, 2n), expected: "SPL" },
  { pool: "medium", zeroForOne: true, amount: E18, expected: [E18, -665331998665331998n, -8090] },
  { pool: "medium", zeroForOne: false, amount: E18, expected: [-665331998665331998n, E18, 8089] },
  { pool: "medium", zeroForOne: true, amount: -1000n, expected: [1005n, -1000n, -1] },
  { pool: "high", zeroForOne: true, amount: E18, expected: [E18, -662207357859531772n, -8043] },
  { pool: "high", zeroForOne: true, amount: -E18, expected: [2020202020202020203n, -E18, -13864] },
  { pool: "high", zeroForOne: true, amount: 1000n, expected: [1000n, -989n, -1] },
  { pool: "gapAroundPrice", zeroForOne: true, amount: 1000n, expected: [1000n, -991n, -61] },
  { pool: "gapAroundPrice", zeroForOne: false, amount: 1000n, expected: [-991n, 1000n, 60] },
  { pool: "gapAroundPrice", zeroForOne: false, amount: E18, expected: [-662011820624678025n, E18, 8129] },
  { pool: "gapAroundPrice", zeroForOne: true, amount: -E18, expected: [2024171064311638316n, -E18, -13984] },
  { pool: "gapAroundPrice", zeroForOne: true, amount: MAX_INT256, limit: encodePriceSqrt(2n, 5n), expected: [1159748196632793863n, -729098226020826705n, -9164] },
  { pool: "additional", zeroForOne: true, amount: E18, expected: [E18, -795933705287758544n, -4476] },
  { pool: "additional", zeroForOne: false, amount: E18, expected: [-795933705287758544n, E18, 4475] },
  { pool: "stable", zeroForOne: true, amount: E18, expected: [1000700370186095n, -999700069986002n, -887272] },
  { pool: "stable", zeroForOne: false, amount: E18, expected: [-999700069986002n, 1000700370186095n, 887271] },
  { pool: "stable", zeroForOne: true, amount: -E18, expected: [1000700370186095n, -999700069986002n, -887272] },
  { pool: "stable", zeroForOne: true, amount: MAX_INT256, limit: encodePriceSqrt(2n, 5n), expected: [1000700370186095n, -999700069986002n, -9164] },
  { pool: "stable", zeroForOne: true, amount: 1000n, expected: [1000n, -998n, -1] },
  { pool: "maxLiquidity", zeroForOne: true, amount: E18, expected: [E18, -996999999999999318n, -1] },
  { pool: "maxLiquidity", zeroForOne: false, amount: E18, expected: [-996999999999999232n, E18, 0] },
  { pool: "maxLiquidity", zeroForOne: true, amount: -1000n, expected: [145660n, -1000n, -1] },
  {
    pool: "maxLiquidity",
    zeroForOne: true,
    amount: MAX_INT256,
    limit: encodePriceSqrt(2n, 5n),
    expected: [6706554036096900675845906992672697n, -4228872409409224753601131225116702n, -9164],
  },
  { pool: "nearMaxPrice", zeroForOne: true, amount: 1000n, expected: [1000n, -26083549850867114346332688477747755628n, 705098] },
  { pool: "nearMaxPrice", zeroForOne: true, amount: E18, expected: [E18, -26087635650665564420687107504180041533n, 13923] },
  { pool: "nearMaxPrice", zeroForOne: false, amount: -1000n, expected: [0n, 10740898373457544742072477595619363803n, 887271] },
  { pool: "nearMaxPrice", zeroForOne: true, amount: -E18, expected: [2n, -E18, 880340] },
  { pool: "nearMaxPrice", zeroForOne: false, amount: MAX_INT256, limit: encodePriceSqrt(2n, 5n), expected: "SPL" },
  { pool: "nearMinPrice", zeroForOne: false, amount: E18, expected: [-26037782196502120271413746514214063808n, E18, -13924] },
  { pool: "nearMinPrice", zeroForOne: true, amount: -1000n, expected: [10790901831095468191587263901270792610n, 0n, -887272] },
  {
    pool: "nearMinPrice",
    zeroForOne: false,
    amount: MAX_INT256,
    limit: encodePriceSqrt(5n, 2n),
    expected: [-26037782196502120274160871558471687260n, 3171793039286238112n, 9163],
  },
  { pool: "atMaxRatio", zeroForOne: true, amount: E18, expected: [E18, -36796311329002736528533367667012547243n, 13923] },
  { pool: "atMaxRatio", zeroForOne: true, amount: -1000n, expected: [2n, -1000n, 887219] },
  { pool: "atMaxRatio", zeroForOne: false, amount: 1000n, expected: "SPL" },
  { pool: "atMinRatio", zeroForOne: false, amount: E18, expected: [-36796311322104302058426248623781044040n, E18, -13924] },
  { pool: "atMinRatio", zeroForOne: false, amount: -1000n, expected: [-1000n, 2n, -887220] },
  { pool: "atMinRatio", zeroForOne: true, amount: 1000n, expected: "SPL" },
];

describe("swap (UniswapV3Pool.swap)", () => {
  it.each(CASES.map((c) => [`${c.pool} ${c.zeroForOne ? "0→1" : "1→0"} ${c.amount}${c.limit ? " to limit" : ""}`, c] as const))(
    "%s",
    (_, c) => {
      const spec = POOLS[c.pool];
      const pool = makeV3Pool({ fee: spec.fee, sqrtPriceX96: spec.price, positions: spec.positions });
      const run = () => swap(pool, { zeroForOne: c.zeroForOne, amountSpecified: c.amount, sqrtPriceLimitX96: c.limit });
      if (c.expected === "SPL") {
        expect(run).toThrow(/SPL/);
        return;
      }
      const r = run();
      expect([r.amount0, r.amount1, r.tick]).toEqual(c.expected);
    },
  );

  it("steps at every word boundary like the contract: a single step over the same range over-quotes", () => {
    const liquidity = 10n ** 15n;
    const pool = makeV3Pool({ fee: 100, tickSpacing: 1, sqrtPriceX96: ONE, positions: [{ tickLower: -30000, tickUpper: 30000, liquidity }] });
    const amountIn = 4n * 10n ** 14n; // moves the price across many 256-tick words
    const stepped = swap(pool, { zeroForOne: true, amountSpecified: amountIn });
    expect(stepped.tick).toBeLessThan(-2560);
    const single = computeSwapStep(ONE, getSqrtRatioAtTick(-30000), liquidity, amountIn, 100);
    expect(single.amountIn + single.feeAmount).toBe(amountIn);
    expect(-stepped.amount1).toBeLessThan(single.amountOut);
  });
});
