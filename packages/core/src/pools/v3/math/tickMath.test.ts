import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK } from "./constants.js";
import { getSqrtRatioAtTick } from "./getSqrtRatioAtTick.js";
import { getTickAtSqrtRatio } from "./getTickAtSqrtRatio.js";
import { encodePriceSqrt } from "./testUtils.js";

// Expected values from Uniswap v3-core test/TickMath.spec.ts and its snapshot.
const SQRT_RATIO_AT_TICK: ReadonlyArray<[number, string]> = [
  [-50, "79030349367926598376800521322"],
  [-100, "78833030112140176575862854579"],
  [-250, "78244023372248365697264290337"],
  [-500, "77272108795590369356373805297"],
  [-1000, "75364347830767020784054125655"],
  [-2500, "69919044979842180277688105136"],
  [-3000, "68192822843687888778582228483"],
  [-4000, "64867181785621769311890333195"],
  [-5000, "61703726247759831737814779831"],
  [-50000, "6504256538020985011912221507"],
  [-150000, "43836292794701720435367485"],
  [-250000, "295440463448801648376846"],
  [-500000, "1101692437043807371"],
  [-738203, "7409801140451"],
  [50, "79426470787362580746886972461"],
  [100, "79625275426524748796330556128"],
  [250, "80224679980005306637834519095"],
  [500, "81233731461783161732293370115"],
  [1000, "83290069058676223003182343270"],
  [2500, "89776708723587163891445672585"],
  [3000, "92049301871182272007977902845"],
  [4000, "96768528593268422080558758223"],
  [5000, "101729702841318637793976746270"],
  [50000, "965075977353221155028623082916"],
  [150000, "143194173941309278083010301478497"],
  [250000, "21246587762933397357449903968194344"],
  [500000, "5697689776495288729098254600827762987878"],
  [738203, "847134979253254120489401328389043031315994541"],
];

const TICK_AT_SQRT_RATIO: ReadonlyArray<[bigint, number]> = [
  [4295128739n, -887272],
  [79228162514264337593543n, -276325],
  [79228162514264337593543950n, -138163],
  [9903520314283042199192993792n, -41591],
  [28011385487393069959365969113n, -20796],
  [56022770974786139918731938227n, -6932],
  [79228162514264337593543950336n, 0],
  [112045541949572279837463876454n, 6931],
  [224091083899144559674927752909n, 20795],
  [633825300114114700748351602688n, 41590],
  [79228162514264337593543950336000n, 138162],
  [79228162514264337593543950336000000n, 276324],
  [1461446703485210103287273052203988822378723970341n, 887271],
];

describe("getSqrtRatioAtTick", () => {
  it("throws outside [MIN_TICK, MAX_TICK]", () => {
    expect(() => getSqrtRatioAtTick(MIN_TICK - 1)).toThrow(/outside/);
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(/outside/);
  });
  it("matches the boundary values", () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(4295128739n);
    expect(getSqrtRatioAtTick(MIN_TICK + 1)).toBe(4295343490n);
    expect(getSqrtRatioAtTick(MAX_TICK - 1)).toBe(1461373636630004318706518188784493106690254656249n);
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(1461446703485210103287273052203988822378723970342n);
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO);
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO);
    expect(getSqrtRatioAtTick(0)).toBe(1n << 96n);
  });
  it("min tick ratio is less than the js implementation, max tick ratio greater", () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBeLessThan(encodePriceSqrt(1n, 2n ** 127n));
    expect(getSqrtRatioAtTick(MAX_TICK)).toBeGreaterThan(encodePriceSqrt(2n ** 127n, 1n));
  });
  it.each(SQRT_RATIO_AT_TICK)("tick %i", (tick, expected) => {
    expect(getSqrtRatioAtTick(tick).toString()).toBe(expected);
  });
  it("is within 1/100 bip of sqrt(1.0001^tick) × 2^96", () => {
    for (const [tick] of SQRT_RATIO_AT_TICK) {
      const js = Math.sqrt(1.0001 ** tick) * 2 ** 96;
      expect(Math.abs(Number(getSqrtRatioAtTick(tick)) - js) / js).toBeLessThan(0.000001);
    }
  });
});

describe("getTickAtSqrtRatio", () => {
  it("throws out of range", () => {
    expect(() => getTickAtSqrtRatio(MIN_SQRT_RATIO - 1n)).toThrow(/out of range/);
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(/out of range/);
  });
  it("matches the boundary values", () => {
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK);
    expect(getTickAtSqrtRatio(4295343490n)).toBe(MIN_TICK + 1);
    expect(getTickAtSqrtRatio(1461373636630004318706518188784493106690254656249n)).toBe(MAX_TICK - 1);
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1);
  });
  it.each(TICK_AT_SQRT_RATIO)("ratio %s", (ratio, tick) => {
    expect(getTickAtSqrtRatio(ratio)).toBe(tick);
    expect(ratio).toBeGreaterThanOrEqual(getSqrtRatioAtTick(tick));
    expect(ratio).toBeLessThan(getSqrtRatioAtTick(tick + 1));
  });
  it("the test ratios are encodePriceSqrt of the spec's prices", () => {
    expect(encodePriceSqrt(10n ** 12n, 1n)).toBe(79228162514264337593543950336000000n);
    expect(encodePriceSqrt(1n, 64n)).toBe(9903520314283042199192993792n);
    expect(encodePriceSqrt(1n, 10n ** 12n)).toBe(79228162514264337593543n);
  });
});

describe("TickMath properties", () => {
  const tick = fc.integer({ min: MIN_TICK, max: MAX_TICK });
  it("getTickAtSqrtRatio(getSqrtRatioAtTick(t)) == t", () => {
    fc.assert(fc.property(fc.integer({ min: MIN_TICK, max: MAX_TICK - 1 }), (t) => getTickAtSqrtRatio(getSqrtRatioAtTick(t)) === t), {
      numRuns: 2000,
    });
  });
  it("getSqrtRatioAtTick is strictly increasing", () => {
    fc.assert(fc.property(tick, (t) => t === MAX_TICK || getSqrtRatioAtTick(t) < getSqrtRatioAtTick(t + 1)), { numRuns: 2000 });
  });
  it("a ratio one unit below a tick's ratio is the tick below, one unit above it is the tick", () => {
    fc.assert(fc.property(fc.integer({ min: MIN_TICK + 1, max: MAX_TICK - 1 }), (t) => {
      const r = getSqrtRatioAtTick(t);
      return getTickAtSqrtRatio(r - 1n) === t - 1 && getTickAtSqrtRatio(r + 1n) === t;
    }), { numRuns: 5000 });
  });
  it("getTickAtSqrtRatio(r) is the greatest tick whose ratio is <= r, also for ratios near MIN_TICK's", () => {
    const low = fc.bigInt({ min: MIN_SQRT_RATIO, max: getSqrtRatioAtTick(MIN_TICK + 2000) });
    fc.assert(fc.property(low, (r) => {
      const t = getTickAtSqrtRatio(r);
      return getSqrtRatioAtTick(t) <= r && getSqrtRatioAtTick(t + 1) > r;
    }), { numRuns: 5000 });
  });
  it("getTickAtSqrtRatio(r) is the greatest tick whose ratio is <= r", () => {
    const ratio = fc.bigInt({ min: MIN_SQRT_RATIO, max: MAX_SQRT_RATIO - 1n });
    fc.assert(
      fc.property(ratio, (r) => {
        const t = getTickAtSqrtRatio(r);
        return getSqrtRatioAtTick(t) <= r && (t === MAX_TICK || getSqrtRatioAtTick(t + 1) > r);
      }),
      { numRuns: 2000 },
    );
  });
});
