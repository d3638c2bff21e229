import { describe, expect, it } from "vitest";
import { makeV3Pool, maxUsableTick, minUsableTick } from "@sluice/testkit";
import { isThinPool } from "./isThinPool.js";

const token1 = "0x0000000000000000000000000000000000000002" as const;
/** $1 per whole unit of an 18-decimal token. */
const dollar = { numerator: 1n, denominator: 10n ** 18n };
const fullRange = (liquidity: bigint) => makeV3Pool({
  fee: 3000, sqrtPriceX96: 2n ** 96n,
  positions: [{ tickLower: minUsableTick(60), tickUpper: maxUsableTick(60), liquidity }],
});

describe("isThinPool", () => {
  it("judges each state of a V3 pool by what that state can pay out, also when an earlier state was judged", () => {
    // At price 1 a full-range position of liquidity L holds about L of each token.
    const deep = fullRange(10_000n * 10n ** 18n);
    const drained = fullRange(100n * 10n ** 18n); // the same pool (address) after liquidity left
    expect(deep.address).toBe(drained.address);
    expect(isThinPool(deep, token1, dollar, 500)).toBe(false);
    expect(isThinPool(drained, token1, dollar, 500)).toBe(true);
    expect(isThinPool(deep, token1, dollar, 500)).toBe(false);
    // The same state against another bound or price: the payout is kept, the verdict is not.
    expect(isThinPool(deep, token1, dollar, 20_000)).toBe(true);
    expect(isThinPool(drained, token1, { numerator: 10n, denominator: 10n ** 18n }, 500)).toBe(false);
  });
});
