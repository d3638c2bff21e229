import { describe, expect, it } from "vitest";
import { computeSwapStep } from "./computeSwapStep.js";
import { getNextSqrtPriceFromInput } from "./getNextSqrtPriceFromInput.js";
import { getNextSqrtPriceFromOutput } from "./getNextSqrtPriceFromOutput.js";
import { encodePriceSqrt, expandTo18Decimals as e18 } from "./testUtils.js";

// Vectors from Uniswap v3-core test/SwapMath.spec.ts.
describe("computeSwapStep", () => {
  const price = encodePriceSqrt(1n, 1n);
  const liquidity = e18(2n);

  it("exact amount in that gets capped at the price target in one for zero", () => {
    const target = encodePriceSqrt(101n, 100n);
    const r = computeSwapStep(price, target, liquidity, e18(1n), 600);
    expect(r.amountIn).toBe(9975124224178055n);
    expect(r.feeAmount).toBe(5988667735148n);
    expect(r.amountOut).toBe(9925619580021728n);
    expect(r.amountIn + r.feeAmount).toBeLessThan(e18(1n));
    expect(r.sqrtRatioNextX96).toBe(target);
    expect(r.sqrtRatioNextX96).toBeLessThan(getNextSqrtPriceFromInput(price, liquidity, e18(1n), false));
  });

  it("exact amount out that gets capped at the price target in one for zero", () => {
    const target = encodePriceSqrt(101n, 100n);
    const r = computeSwapStep(price, target, liquidity, -e18(1n), 600);
    expect(r.amountIn).toBe(9975124224178055n);
    expect(r.feeAmount).toBe(5988667735148n);
    expect(r.amountOut).toBe(9925619580021728n);
    expect(r.amountOut).toBeLessThan(e18(1n));
    expect(r.sqrtRatioNextX96).toBe(target);
    expect(r.sqrtRatioNextX96).toBeLessThan(getNextSqrtPriceFromOutput(price, liquidity, e18(1n), false));
  });

  it("exact amount in that is fully spent in one for zero", () => {
    const target = encodePriceSqrt(1000n, 100n);
    const r = computeSwapStep(price, target, liquidity, e18(1n), 600);
    expect(r.amountIn).toBe(999400000000000000n);
    expect(r.feeAmount).toBe(600000000000000n);
    expect(r.amountOut).toBe(666399946655997866n);
    expect(r.amountIn + r.feeAmount).toBe(e18(1n));
    expect(r.sqrtRatioNextX96).toBeLessThan(target);
    expect(r.sqrtRatioNextX96).toBe(getNextSqrtPriceFromInput(price, liquidity, e18(1n) - r.feeAmount, false));
  });

  it("exact amount out that is fully received in one for zero", () => {
    const target = encodePriceSqrt(10000n, 100n);
    const r = computeSwapStep(price, target, liquidity, -e18(1n), 600);
    expect(r.amountIn).toBe(2000000000000000000n);
    expect(r.feeAmount).toBe(1200720432259356n);
    expect(r.amountOut).toBe(e18(1n));
    expect(r.sqrtRatioNextX96).toBeLessThan(target);
    expect(r.sqrtRatioNextX96).toBe(getNextSqrtPriceFromOutput(price, liquidity, e18(1n), false));
  });

  it("amount out is capped at the desired amount out", () => {
    const r = computeSwapStep(
      417332158212080721273783715441582n,
      1452870262520218020823638996n,
      159344665391607089467575320103n,
      -1n,
      1,
    );
    expect(r).toEqual({ amountIn: 1n, feeAmount: 1n, amountOut: 1n, sqrtRatioNextX96: 417332158212080721273783715441581n });
  });

  it("target price of 1 uses partial input amount", () => {
    const r = computeSwapStep(2n, 1n, 1n, 3915081100057732413702495386755767n, 1);
    expect(r.amountIn).toBe(39614081257132168796771975168n);
    expect(r.feeAmount).toBe(39614120871253040049813n);
    expect(r.amountIn + r.feeAmount).toBeLessThanOrEqual(3915081100057732413702495386755767n);
    expect(r.amountOut).toBe(0n);
    expect(r.sqrtRatioNextX96).toBe(1n);
  });

  it("entire input amount taken as fee", () => {
    const r = computeSwapStep(2413n, 79887613182836312n, 1985041575832132834610021537970n, 10n, 1872);
    expect(r).toEqual({ amountIn: 0n, feeAmount: 10n, amountOut: 0n, sqrtRatioNextX96: 2413n });
  });

  it("handles intermediate insufficient liquidity in the zero for one exact output case", () => {
    const sqrtP = 20282409603651670423947251286016n;
    const target = (sqrtP * 11n) / 10n;
    const r = computeSwapStep(sqrtP, target, 1024n, -4n, 3000);
    expect(r).toEqual({ amountOut: 0n, sqrtRatioNextX96: target, amountIn: 26215n, feeAmount: 79n });
  });

  it("handles intermediate insufficient liquidity in the one for zero exact output case", () => {
    const sqrtP = 20282409603651670423947251286016n;
    const target = (sqrtP * 9n) / 10n;
    const r = computeSwapStep(sqrtP, target, 1024n, -263000n, 3000);
    expect(r).toEqual({ amountOut: 26214n, sqrtRatioNextX96: target, amountIn: 1n, feeAmount: 1n });
  });
});
