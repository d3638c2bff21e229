/**
 * The executor on a real chain with real Uniswap pools and a real signed Permit2 permit: every route shape pays the
 * user exactly what the pools give, spends exactly the signed amount and leaves nothing in the executor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUnits } from "viem";
import type { ExecutorRoute } from "@sluice/core";
import { startExecutorTestbed, type ExecutorTestbed } from "./testing/startExecutorTestbed.js";
import { executorHoldings, prepareSwap, routeTokens, sendSwap, simulateSwap, type SwapRequest } from "./testing/executorCalls.js";
import { quoteRoute } from "./testing/quoteRoute.js";
import { v3PoolAbi } from "./testing/uniswapAbis.js";

const unit = (amount: string) => parseUnits(amount, 18);

let bed: ExecutorTestbed;
const gasByRoute: Record<string, bigint> = {};

beforeAll(async () => {
  bed = await startExecutorTestbed();
  await tradeEveryPoolBothWays();
});

/**
 * A pool's first trade in a direction pays one-off storage writes (V3 fee growth, V2 accumulators) that a live
 * pool has long paid; trading each pool both ways first makes the measured gas that of a pool in use.
 */
async function tradeEveryPoolBothWays() {
  const { A, B, C, D } = bed.tokens;
  const pairs = [
    [bed.pools.v2AB, "v2", A, B], [bed.pools.v2BC, "v2", B, C],
    [bed.pools.v3AB, "v3", A, B], [bed.pools.v3AC, "v3", A, C], [bed.pools.v3CD, "v3", C, D],
  ] as const;
  for (const [pool, kind, x, y] of pairs) {
    for (const [tokenIn, tokenOut] of [[x, y], [y, x]] as const) {
      const hop = kind === "v2" ? { pool, kind, tokenIn, tokenOut } : { pool, kind, fee: 3000, tokenIn, tokenOut };
      const route: ExecutorRoute = { splits: [{ amountIn: unit("0.01"), hops: [hop] }] };
      await sendSwap(bed, await prepareSwap(bed, { route, sender: bed.user }));
    }
  }
}

afterAll(async () => {
  await bed?.stop();
  if (Object.keys(gasByRoute).length > 0) {
    console.log(`executor gas used per route: ${JSON.stringify(gasByRoute, (_, v) => (typeof v === "bigint" ? Number(v) : v))}`);
  }
});

/** Swaps through the executor and checks the three accounts of the swap: pools' quote, eth_call, balances. */
async function swapAndCheck(name: string, request: SwapRequest) {
  const expected = await quoteRoute(bed.publicClient, bed.quoterV2, request.route);
  const swap = await prepareSwap(bed, request);
  const simulated = await simulateSwap(bed, swap);
  const outcome = await sendSwap(bed, swap);

  expect(expected.amountOut).toBeGreaterThan(0n);
  expect(simulated).toBe(expected.amountOut);
  expect(outcome.received).toBe(expected.amountOut);
  expect(outcome.spent).toBe(routeTokens(request.route).amountIn);
  expect(await executorHoldings(bed)).toBe(0n);
  gasByRoute[name] = outcome.gasUsed;
  return { expected, outcome };
}

describe("SluiceExecutor routes", () => {
  it("single Uniswap V2 hop, the permit paying the pair directly", async () => {
    const { A, B } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [{ amountIn: unit("10"), hops: [{ pool: bed.pools.v2AB, kind: "v2", tokenIn: A, tokenOut: B }] }],
    };
    await swapAndCheck("singleV2", { route });
  });

  it("single Uniswap V3 hop inside one tick range", async () => {
    const { C, D } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [{ amountIn: unit("1"), hops: [{ pool: bed.pools.v3CD, kind: "v3", fee: 3000, tokenIn: D, tokenOut: C }] }],
    };
    const { expected } = await swapAndCheck("singleV3", { route });
    expect(expected.v3TicksCrossed).toBe(0);
  });

  it("single Uniswap V3 hop that crosses initialized ticks", async () => {
    const { A, B } = bed.tokens;
    const pool = bed.pools.v3AB;
    const route: ExecutorRoute = {
      splits: [{ amountIn: unit("80"), hops: [{ pool, kind: "v3", fee: 3000, tokenIn: A, tokenOut: B }] }],
    };
    const [, tickBefore] = await bed.publicClient.readContract({ address: pool, abi: v3PoolAbi, functionName: "slot0" });
    const { expected } = await swapAndCheck("singleV3CrossingTicks", { route });
    const [, tickAfter] = await bed.publicClient.readContract({ address: pool, abi: v3PoolAbi, functionName: "slot0" });

    expect(expected.v3TicksCrossed).toBeGreaterThanOrEqual(1);
    // The narrow position spans ticks -600..600: the swap ran out of it and continued in the wide one.
    expect(tickBefore).toBeGreaterThan(-600);
    expect(tickBefore).toBeLessThan(600);
    expect(tickAfter < -600 || tickAfter > 600).toBe(true);
  });

  it("three hops: V2 into V2 into V3", async () => {
    const { A, B, C, D } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [{
        amountIn: unit("5"),
        hops: [
          { pool: bed.pools.v2AB, kind: "v2", tokenIn: A, tokenOut: B },
          { pool: bed.pools.v2BC, kind: "v2", tokenIn: B, tokenOut: C },
          { pool: bed.pools.v3CD, kind: "v3", fee: 3000, tokenIn: C, tokenOut: D },
        ],
      }],
    };
    await swapAndCheck("threeHop", { route });
  });

  it("two V3 hops: the first pool pays the executor, which pays the second in its callback", async () => {
    const { A, C, D } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [{
        amountIn: unit("3"),
        hops: [
          { pool: bed.pools.v3AC, kind: "v3", fee: 3000, tokenIn: A, tokenOut: C },
          { pool: bed.pools.v3CD, kind: "v3", fee: 3000, tokenIn: C, tokenOut: D },
        ],
      }],
    };
    await swapAndCheck("twoV3Hops", { route });
  });

  it("two-way split: a V2 hop beside a V3-into-V2 path", async () => {
    const { A, B, C } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [
        { amountIn: unit("6"), hops: [{ pool: bed.pools.v2AB, kind: "v2", tokenIn: A, tokenOut: B }] },
        {
          amountIn: unit("4"),
          hops: [
            { pool: bed.pools.v3AC, kind: "v3", fee: 3000, tokenIn: A, tokenOut: C },
            { pool: bed.pools.v2BC, kind: "v2", tokenIn: C, tokenOut: B },
          ],
        },
      ],
    };
    await swapAndCheck("twoWaySplit", { route });
  });

  it("the permit's owner may submit the swap itself and pay another address", async () => {
    const { A, B } = bed.tokens;
    const route: ExecutorRoute = {
      splits: [{ amountIn: unit("1"), hops: [{ pool: bed.pools.v3AB, kind: "v3", fee: 3000, tokenIn: B, tokenOut: A }] }],
    };
    await swapAndCheck("ownerSubmitted", { route, sender: bed.user, recipient: bed.stranger.account.address });
  });
});
