import { describe, expect, it } from "vitest";
import { compareRatios, ratioFromDecimal, ratioToDecimal, ratioToSignificant } from "./decimalFraction.js";
import { SluiceError } from "../errors/SluiceError.js";
import { parseAmount } from "./parseAmount.js";

describe("parseAmount", () => {
  it("is exact for any number of decimals", () => {
    expect(parseAmount("1", 18, "WETH")).toBe(10n ** 18n);
    expect(parseAmount("0.000001", 6, "USDC")).toBe(1n);
    expect(parseAmount("123456789012345678901234567890.5", 1, "X")).toBe(1234567890123456789012345678905n);
    expect(parseAmount("1.500000000", 6, "USDC")).toBe(1_500_000n);
    expect(parseAmount("0.5", 2, "X")).toBe(50n);
  });
  // The one shape /route and /solve both accept (AMOUNT_PATTERN): what /solve's schema always refused, /route now does too.
  it.each([".5", "1.", " 1", "1 ", "\t1.5\n", "+1", "1,5", `1.${"0".repeat(37)}`, "1".repeat(41)])("refuses the non-canonical %j", (amount) => {
    expect(() => parseAmount(amount, 6, "USDC")).toThrow(/must be a decimal number in token units/);
  });
  it.each([
    ["abc", /must be a decimal number/], ["1e6", /must be a decimal number/], ["", /must be a decimal number/],
    ["1.2.3", /must be a decimal number/], ["-1", /must not be negative/], ["0", /greater than zero/],
    ["0.0000001", /USDC has 6 decimals; "0.0000001" has 7/],
  ])("refuses %j", (amount, message) => {
    expect(() => parseAmount(amount, 6, "USDC")).toThrow(message);
  });
  // The executor packs each split's input as a uint128: a larger amount used to be quoted and then fail /solve's encoding (a 500).
  it("refuses more raw units than the executor's uint128 holds, naming the amount; takes the largest it holds", () => {
    const max = (1n << 128n) - 1n;
    expect(parseAmount(max.toString(), 0, "BIG")).toBe(max);
    expect(parseAmount("340282366920938463463.374607431768211455", 18, "BIG")).toBe(max);
    expect(() => parseAmount((max + 1n).toString(), 0, "BIG")).toThrow(/amount: .* BIG is 340282366920938463463374607431768211456 raw units; a swap takes at most 2\^128 - 1/);
    expect(() => parseAmount("1000000000000000000000", 18, "WETH")).toThrow(SluiceError);
  });
  it.each([10_000_000, 2 ** 53, 37, -1, 1.5])("refuses a token reporting %d decimals with UNSUPPORTED_TOKEN, at once", (decimals) => {
    const started = performance.now();
    let thrown: unknown;
    try {
      parseAmount("1", decimals, "JUNK");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SluiceError);
    expect((thrown as SluiceError).code).toBe("UNSUPPORTED_TOKEN");
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe("decimal ratios", () => {
  it("compare and print exactly", () => {
    expect(compareRatios(ratioFromDecimal("19.999999"), ratioFromDecimal("20"))).toBe(-1);
    expect(compareRatios(ratioFromDecimal("20.000000"), ratioFromDecimal("20"))).toBe(0);
    expect(ratioToDecimal({ numerator: 1n, denominator: 3n }, 6)).toBe("0.333333");
    expect(ratioToDecimal({ numerator: 2n, denominator: 3n }, 6)).toBe("0.666667");
    expect(ratioToDecimal({ numerator: 3000n, denominator: 1n }, 6)).toBe("3000");
    // Floor (volumes): 19.9999996 is not shown, nor credited, as the 20 USD it is not.
    expect(ratioToDecimal({ numerator: 2n, denominator: 3n }, 6, "floor")).toBe("0.666666");
    expect(ratioToDecimal(ratioFromDecimal("19.9999996"), 6, "floor")).toBe("19.999999");
    expect(ratioToDecimal(ratioFromDecimal("19.9999996"), 6)).toBe("20");
    expect(ratioToDecimal(ratioFromDecimal("20"), 6, "floor")).toBe("20");
    expect(ratioToSignificant({ numerator: 1n, denominator: 7_000_000n }, 4)).toBe("0.0000001429");
  });
});
