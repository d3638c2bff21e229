import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getAmountIn } from "./getAmountIn.js";
import { getAmountOut } from "./getAmountOut.js";

// Vectors from Uniswap v2-periphery test/UniswapV2Router01.spec.ts (getAmountOut / getAmountIn).
describe("UniswapV2Library", () => {
  it("getAmountOut", () => {
    expect(getAmountOut({ amountIn: 2n, reserveIn: 100n, reserveOut: 100n })).toBe(1n);
    expect(() => getAmountOut({ amountIn: 0n, reserveIn: 100n, reserveOut: 100n })).toThrow(/INSUFFICIENT_INPUT_AMOUNT/);
    expect(() => getAmountOut({ amountIn: 2n, reserveIn: 0n, reserveOut: 100n })).toThrow(/INSUFFICIENT_LIQUIDITY/);
    expect(() => getAmountOut({ amountIn: 2n, reserveIn: 100n, reserveOut: 0n })).toThrow(/INSUFFICIENT_LIQUIDITY/);
  });
  it("getAmountIn", () => {
    expect(getAmountIn({ amountOut: 1n, reserveIn: 100n, reserveOut: 100n })).toBe(2n);
    expect(() => getAmountIn({ amountOut: 0n, reserveIn: 100n, reserveOut: 100n })).toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/);
    expect(() => getAmountIn({ amountOut: 1n, reserveIn: 0n, reserveOut: 100n })).toThrow(/INSUFFICIENT_LIQUIDITY/);
    expect(() => getAmountIn({ amountOut: 1n, reserveIn: 100n, reserveOut: 0n })).toThrow(/INSUFFICIENT_LIQUIDITY/);
  });
  it("the 1000 / 997 formulas: getAmountIn is the least input that buys amountOut", () => {
    const reserve = fc.bigInt({ min: 1000n, max: 10n ** 30n });
    fc.assert(
      fc.property(reserve, reserve, fc.bigInt({ min: 1n, max: 10n ** 30n }), (reserveIn, reserveOut, x) => {
        const amountOut = 1n + (x % (reserveOut - 1n));
        const amountIn = getAmountIn({ amountOut, reserveIn, reserveOut });
        expect(getAmountOut({ amountIn, reserveIn, reserveOut })).toBeGreaterThanOrEqual(amountOut);
        if (amountIn > 1n) expect(getAmountOut({ amountIn: amountIn - 2n || 1n, reserveIn, reserveOut })).toBeLessThanOrEqual(amountOut);
        // k never decreases with the fee-adjusted balances (the pair's invariant check)
        const out = getAmountOut({ amountIn: x, reserveIn, reserveOut });
        expect((reserveIn * 1000n + x * 997n) * (reserveOut - out) * 1000n).toBeGreaterThanOrEqual(reserveIn * reserveOut * 1000n * 1000n);
      }),
      { numRuns: 500 },
    );
  });
});
