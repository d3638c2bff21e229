import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_UINT256 } from "./constants.js";
import { mulDiv } from "./mulDiv.js";
import { mulDivRoundingUp } from "./mulDivRoundingUp.js";

const Q128 = 1n << 128n;

// Vectors from Uniswap v3-core test/FullMath.spec.ts.
describe("mulDiv", () => {
  it("reverts if the denominator is 0", () => {
    expect(() => mulDiv(Q128, 5n, 0n)).toThrow(/denominator/);
    expect(() => mulDiv(Q128, Q128, 0n)).toThrow(/denominator/);
  });
  it("reverts if the output overflows uint256", () => {
    expect(() => mulDiv(Q128, Q128, 1n)).toThrow(/overflow/);
    expect(() => mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow(/overflow/);
  });
  it("all max inputs", () => expect(mulDiv(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256));
  it("accurate without phantom overflow", () => {
    expect(mulDiv(Q128, (50n * Q128) / 100n, (150n * Q128) / 100n)).toBe(Q128 / 3n);
  });
  it("accurate with phantom overflow", () => {
    expect(mulDiv(Q128, 35n * Q128, 8n * Q128)).toBe((4375n * Q128) / 1000n);
  });
  it("accurate with phantom overflow and repeating decimal", () => {
    expect(mulDiv(Q128, 1000n * Q128, 3000n * Q128)).toBe(Q128 / 3n);
  });
});

describe("mulDivRoundingUp", () => {
  it("reverts if the denominator is 0", () => {
    expect(() => mulDivRoundingUp(Q128, 5n, 0n)).toThrow();
    expect(() => mulDivRoundingUp(Q128, Q128, 0n)).toThrow();
  });
  it("reverts if the output overflows uint256", () => {
    expect(() => mulDivRoundingUp(Q128, Q128, 1n)).toThrow();
    expect(() => mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256 - 1n)).toThrow();
  });
  it("reverts if mulDiv overflows 256 bits after rounding up", () => {
    expect(() => mulDivRoundingUp(535006138814359n, 432862656469423142931042426214547535783388063929571229938474969n, 2n)).toThrow();
    expect(() =>
      mulDivRoundingUp(
        115792089237316195423570985008687907853269984659341747863450311749907997002549n,
        115792089237316195423570985008687907853269984659341747863450311749907997002550n,
        115792089237316195423570985008687907853269984653042931687443039491902864365164n,
      ),
    ).toThrow();
  });
  it("all max inputs", () => expect(mulDivRoundingUp(MAX_UINT256, MAX_UINT256, MAX_UINT256)).toBe(MAX_UINT256));
  it("accurate without phantom overflow", () => {
    expect(mulDivRoundingUp(Q128, (50n * Q128) / 100n, (150n * Q128) / 100n)).toBe(Q128 / 3n + 1n);
  });
  it("accurate with phantom overflow", () => {
    expect(mulDivRoundingUp(Q128, 35n * Q128, 8n * Q128)).toBe((4375n * Q128) / 1000n);
  });
  it("accurate with phantom overflow and repeating decimal", () => {
    expect(mulDivRoundingUp(Q128, 1000n * Q128, 3000n * Q128)).toBe(Q128 / 3n + 1n);
  });
});

describe("FullMath against a bigint reference", () => {
  const uint256 = fc.bigInt({ min: 0n, max: MAX_UINT256 });
  it("floor and ceil of a × b ÷ d, or a revert when the result exceeds 256 bits", () => {
    fc.assert(
      fc.property(uint256, uint256, fc.bigInt({ min: 1n, max: MAX_UINT256 }), (a, b, d) => {
        const exact = (a * b) / d;
        const ceil = exact + ((a * b) % d === 0n ? 0n : 1n);
        if (exact > MAX_UINT256) {
          expect(() => mulDiv(a, b, d)).toThrow();
        } else expect(mulDiv(a, b, d)).toBe(exact);
        if (ceil > MAX_UINT256) expect(() => mulDivRoundingUp(a, b, d)).toThrow();
        else expect(mulDivRoundingUp(a, b, d)).toBe(ceil);
      }),
      { numRuns: 2000 },
    );
  });
});
