/**
 * The behaviour every `Pool` implementation must have, as one reusable vitest suite. Run it for each pool type:
 *   describePoolContract("uniswap-v2", () => ({ pool, balances }))
 * An on-chain equivalence suite can reuse the same factories and compare `quoteExactIn` against the contracts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import type { Pool } from "@sluice/core";

export type PoolContractFixture = {
  pool: Pool;
  /** The tokens the pool actually holds: no swap may pay out more. */
  balances: Readonly<Record<Address, bigint>>;
  /** A typical swap size per input token (amounts are drawn up to 10× this). */
  scale: Readonly<Record<Address, bigint>>;
};

function snapshot(pool: Pool): string {
  return JSON.stringify(pool, (_, v) => (typeof v === "bigint" ? v.toString() : v));
}

export function describePoolContract(name: string, makePool: () => PoolContractFixture): void {
  describe(`Pool contract: ${name}`, () => {
    const { pool, balances, scale } = makePool();
    const tokens = [pool.token0, pool.token1] as const;
    const token = fc.constantFrom(...tokens);
    /** A token and two amounts of it. */
    const input = token.chain((t) => fc.tuple(fc.constant(t), fc.bigInt({ min: 1n, max: scale[t]! * 10n }), fc.bigInt({ min: 1n, max: scale[t]! * 10n })));
    const other = (t: Address) => (t === pool.token0 ? pool.token1 : pool.token0);

    it("zero in gives zero out and the same state", () => {
      for (const t of tokens) {
        const q = pool.quoteExactIn(t, 0n);
        expect(q.amountOut).toBe(0n);
        expect(snapshot(q.poolAfter)).toBe(snapshot(pool));
      }
    });

    it("never pays out more than the pool holds, nor takes more than it is given", () => {
      fc.assert(
        fc.property(input, ([t, a]) => {
          const q = pool.quoteExactIn(t, a);
          expect(q.amountOut).toBeGreaterThanOrEqual(0n);
          expect(q.amountOut).toBeLessThanOrEqual(balances[other(t)]!);
          expect(q.amountIn).toBeLessThanOrEqual(a);
        }),
        { numRuns: 200 },
      );
    });

    it("is monotonic in amountIn", () => {
      fc.assert(
        fc.property(input, ([t, a, b]) => {
          const [lo, hi] = a < b ? [a, b] : [b, a];
          expect(pool.quoteExactIn(t, lo).amountOut).toBeLessThanOrEqual(pool.quoteExactIn(t, hi).amountOut);
        }),
        { numRuns: 200 },
      );
    });

    it("never mutates the quoted pool", () => {
      const before = snapshot(pool);
      expect(Object.isFrozen(pool)).toBe(true);
      for (const t of tokens) pool.quoteExactIn(t, scale[t]!);
      expect(snapshot(pool)).toBe(before);
    });

    it("moves the price against the trader", () => {
      fc.assert(
        fc.property(input, ([t, a]) => {
          const q = pool.quoteExactIn(t, a);
          const before = pool.midPrice(t);
          const after = q.poolAfter.midPrice(t);
          // after ≤ before, compared as fractions
          expect(after.numerator * before.denominator).toBeLessThanOrEqual(before.numerator * after.denominator);
        }),
        { numRuns: 100 },
      );
    });

    it("quoting A then B on poolAfter is close to quoting A + B, and a round trip loses money", () => {
      fc.assert(
        fc.property(input, ([t, a, b]) => {
          const first = pool.quoteExactIn(t, a);
          const second = first.poolAfter.quoteExactIn(t, b);
          const combined = pool.quoteExactIn(t, a + b);
          if (first.amountIn !== a || second.amountIn !== b || combined.amountIn !== a + b) return; // ran out of liquidity
          const sequential = first.amountOut + second.amountOut;
          // Splitting a swap in two changes rounding (a few wei per step, 1 ppm of input here) and, for V2, the price
          // the second swap starts from (the first fee enters the reserves): about fee × A of input either way.
          const slack = 8n + (a + b) / 1_000_000n + (2n * a * BigInt(pool.fee)) / 1_000_000n;
          const lower = a + b > slack ? pool.quoteExactIn(t, a + b - slack).amountOut : 0n;
          const upper = pool.quoteExactIn(t, a + b + slack).amountOut;
          expect(sequential + 2n).toBeGreaterThanOrEqual(lower); // plus one wei of output rounding per swap
          expect(sequential).toBeLessThanOrEqual(upper);
          expect(combined.amountOut).toBeLessThanOrEqual(upper);
          const back = first.poolAfter.quoteExactIn(other(t), first.amountOut);
          expect(back.amountOut).toBeLessThanOrEqual(a);
        }),
        { numRuns: 100 },
      );
    });

    it("quoting on poolAfter equals quoting on a pool rebuilt from the same state", () => {
      const after = pool.quoteExactIn(pool.token0, scale[pool.token0]!).poolAfter;
      const again = pool.quoteExactIn(pool.token0, scale[pool.token0]!).poolAfter;
      expect(snapshot(after)).toBe(snapshot(again));
      const b = scale[pool.token1]!;
      expect(after.quoteExactIn(pool.token1, b).amountOut).toBe(again.quoteExactIn(pool.token1, b).amountOut);
    });
  });
}
