/**
 * A chain's indexing run holds its lock for a fixed time; a run that outlives it (the operator's `pnpm admin index`
 * rounds have a 60 s budget) must not free the lock the next run took meanwhile, or a third run indexes the chain
 * beside the second. Real Redis (through the REST bridge, as on Workers), an RPC that answers slowly and fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixedAnswerServer, startTestRedis, type FixedAnswerServer, type RestTestRedis } from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { createGraphCache } from "./graphCache.js";
import { refreshChainGraphs } from "./refreshChainGraphs.js";
import { staticTokenQuality } from "./tokenQuality.js";

let redis: RestTestRedis;
let rpc: FixedAnswerServer;
beforeAll(async () => {
  [redis, rpc] = await Promise.all([
    startTestRedis(),
    startFixedAnswerServer({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "unavailable" }), delayMs: 1_000 }),
  ]);
});
afterAll(async () => {
  await Promise.all([redis?.close(), rpc?.close()]);
});

describe("refreshChainGraphs", () => {
  it("a run whose lock expired and was taken by another run leaves the other's lock in place", async () => {
    const lock = redisKeys.graphLock("base");
    const env = {
      SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl: rpc.url, executor: null, uniswapV2Factory: `0x${"1".repeat(40)}`, uniswapV3Factory: `0x${"2".repeat(40)}` } }),
      INDEX_MAX_MS: 10_000,
    };
    const lines: string[] = [];
    const run = refreshChainGraphs({
      env, redis: redis.redis, graphs: createGraphCache(), quality: staticTokenQuality({}), log: (_level, event) => void lines.push(event),
    });
    // The run holds the lock and waits on its RPC; meanwhile its lock expires and the next run takes it.
    const until = Date.now() + 10_000;
    while (rpc.requests === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rpc.requests).toBeGreaterThan(0);
    await redis.redis.del(lock);
    expect(await redis.redis.set(lock, "the-next-run", { nx: true, ex: 55 })).toBe("OK");
    await run;
    expect(lines).toContain("graph indexing failed");
    expect(await redis.redis.get(lock)).toBe("the-next-run");
  }, 60_000);

  it("a run releases its own lock when it ends, so the next one need not wait for it to expire", async () => {
    const lock = redisKeys.graphLock("base");
    await redis.redis.del(lock);
    const env = { SLUICE_CHAINS: JSON.stringify({ base: { rpcUrl: rpc.url, executor: null } }), INDEX_MAX_MS: 10_000 };
    await refreshChainGraphs({ env, redis: redis.redis, graphs: createGraphCache(), quality: staticTokenQuality({}), log: () => {} });
    expect(await redis.redis.exists(lock)).toBe(0);
  }, 60_000);
});
