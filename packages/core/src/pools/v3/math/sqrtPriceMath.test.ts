import { describe, expect, it } from "vitest";
import { MAX_UINT128, MAX_UINT256 } from "./constants.js";
import { getAmount0Delta } from "./getAmount0Delta.js";
import { getAmount1Delta } from "./getAmount1Delta.js";
import { getNextSqrtPriceFromInput } from "./getNextSqrtPriceFromInput.js";
import { getNextSqrtPriceFromOutput } from "./getNextSqrtPriceFromOutput.js";
import { encodePriceSqrt, expandTo18Decimals as e18 } from "./testUtils.js";

// Vectors from Uniswap v3-core test/SqrtPriceMath.spec.ts.
const ONE = encodePriceSqrt(1n, 1n);

describe("getNextSqrtPriceFromInput", () => {
  it("fails if the price or the liquidity is zero", () => {
    expect(() => getNextSqrtPriceFromInput(0n, 0n, e18(1n) / 10n, false)).toThrow();
    expect(() => getNextSqrtPriceFromInput(1n, 0n, e18(1n) / 10n, true)).toThrow();
  });
  it("fails if the input amount overflows the price", () => {
    expect(() => getNextSqrtPriceFromInput(2n ** 160n - 1n, 1024n, 1024n, false)).toThrow();
  });
  it("any input amount cannot underflow the price", () => {
    expect(getNextSqrtPriceFromInput(1n, 1n, 2n ** 255n, true)).toBe(1n);
  });
  it("returns the input price if the amount in is zero", () => {
    expect(getNextSqrtPriceFromInput(ONE, e18(1n) / 10n, 0n, true)).toBe(ONE);
    expect(getNextSqrtPriceFromInput(ONE, e18(1n) / 10n, 0n, false)).toBe(ONE);
  });
  it("returns the minimum price for max inputs", () => {
    const sqrtP = 2n ** 160n - 1n;
    const maxAmountNoOverflow = MAX_UINT256 - (MAX_UINT128 << 96n) / sqrtP;
    expect(getNextSqrtPriceFromInput(sqrtP, MAX_UINT128, maxAmountNoOverflow, true)).toBe(1n);
  });
  it("input amount of 0.1 token1", () => {
    expect(getNextSqrtPriceFromInput(ONE, e18(1n), e18(1n) / 10n, false)).toBe(87150978765690771352898345369n);
  });
  it("input amount of 0.1 token0", () => {
    expect(getNextSqrtPriceFromInput(ONE, e18(1n), e18(1n) / 10n, true)).toBe(72025602285694852357767227579n);
  });
  it("amountIn > type(uint96).max and zeroForOne = true", () => {
    expect(getNextSqrtPriceFromInput(ONE, e18(10n), 2n ** 100n, true)).toBe(624999999995069620n);
  });
  it("can return 1 with enough amountIn and zeroForOne = true", () => {
    expect(getNextSqrtPriceFromInput(ONE, 1n, MAX_UINT256 / 2n, true)).toBe(1n);
  });
});

describe("getNextSqrtPriceFromOutput", () => {
  const price = 20282409603651670423947251286016n;
  it("fails if the price or the liquidity is zero", () => {
    expect(() => getNextSqrtPriceFromOutput(0n, 0n, e18(1n) / 10n, false)).toThrow();
    expect(() => getNextSqrtPriceFromOutput(1n, 0n, e18(1n) / 10n, true)).toThrow();
  });
  it("fails if the output amount reaches the virtual reserves of token0", () => {
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 4n, false)).toThrow();
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 5n, false)).toThrow();
  });
  it("fails if the output amount reaches the virtual reserves of token1", () => {
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262145n, true)).toThrow();
    expect(() => getNextSqrtPriceFromOutput(price, 1024n, 262144n, true)).toThrow();
  });
  it("succeeds if the output amount is just less than the virtual reserves of token1", () => {
    expect(getNextSqrtPriceFromOutput(price, 1024n, 262143n, true)).toBe(77371252455336267181195264n);
  });
  it("returns the input price if the amount is zero", () => {
    expect(getNextSqrtPriceFromOutput(ONE, e18(1n) / 10n, 0n, true)).toBe(ONE);
    expect(getNextSqrtPriceFromOutput(ONE, e18(1n) / 10n, 0n, false)).toBe(ONE);
  });
  it("output amount of 0.1 token1 / token0", () => {
    expect(getNextSqrtPriceFromOutput(ONE, e18(1n), e18(1n) / 10n, false)).toBe(88031291682515930659493278152n);
    expect(getNextSqrtPriceFromOutput(ONE, e18(1n), e18(1n) / 10n, true)).toBe(71305346262837903834189555302n);
  });
  it("reverts if amountOut is impossible", () => {
    expect(() => getNextSqrtPriceFromOutput(ONE, 1n, MAX_UINT256, true)).toThrow();
    expect(() => getNextSqrtPriceFromOutput(ONE, 1n, MAX_UINT256, false)).toThrow();
  });
});

describe("getAmount0Delta / getAmount1Delta", () => {
  it("returns 0 if the liquidity is 0 or the prices are equal", () => {
    expect(getAmount0Delta(ONE, encodePriceSqrt(2n, 1n), 0n, true)).toBe(0n);
    expect(getAmount0Delta(ONE, ONE, 0n, true)).toBe(0n);
    expect(getAmount1Delta(ONE, encodePriceSqrt(2n, 1n), 0n, true)).toBe(0n);
  });
  it("returns 0.1 amount0 for a price of 1 to 1.21", () => {
    const up = getAmount0Delta(ONE, encodePriceSqrt(121n, 100n), e18(1n), true);
    expect(up).toBe(90909090909090910n);
    expect(getAmount0Delta(ONE, encodePriceSqrt(121n, 100n), e18(1n), false)).toBe(up - 1n);
  });
  it("works for prices that overflow", () => {
    const a = encodePriceSqrt(2n ** 90n, 1n);
    const b = encodePriceSqrt(2n ** 96n, 1n);
    expect(getAmount0Delta(a, b, e18(1n), true)).toBe(getAmount0Delta(a, b, e18(1n), false) + 1n);
  });
  it("returns 0.1 amount1 for a price of 1 to 1.21", () => {
    const up = getAmount1Delta(ONE, encodePriceSqrt(121n, 100n), e18(1n), true);
    expect(up).toBe(100000000000000000n);
    expect(getAmount1Delta(ONE, encodePriceSqrt(121n, 100n), e18(1n), false)).toBe(up - 1n);
  });
  it("sqrtP × sqrtQ overflows", () => {
    const sqrtP = 1025574284609383690408304870162715216695788925244n;
    const liquidity = 50015962439936049619261659728067971248n;
    const sqrtQ = getNextSqrtPriceFromInput(sqrtP, liquidity, 406n, true);
    expect(sqrtQ).toBe(1025574284609383582644711336373707553698163132913n);
    expect(getAmount0Delta(sqrtQ, sqrtP, liquidity, true)).toBe(406n);
  });
});
