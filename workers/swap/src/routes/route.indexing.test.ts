import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Redis } from "ioredis";
import { createRedis, emptyGraph, redisIndexProgressStore, redisKeys, type IndexProgress } from "@sluice/core";
import { admin, call, createPartner, eventually, newUser, quote, solveBody } from "@sluice/testkit";

const chain = "polygon" as const;
let key: string;
let redis: Redis;
beforeAll(async () => {
  key = (await createPartner()).key;
  redis = new Redis(inject("stack").redisUrl);
});
afterAll(() => redis?.disconnect());

const route = () => quote(key, { chain, from: "USDC", to: "WETH", amount: "10" });

describe("a chain whose pool index is not ready", () => {
  it("/route and /solve answer 503 naming the chain and the index's progress; the cron's indexing then serves the chain", async () => {
    const stack = inject("stack");
    const progress = redisIndexProgressStore(createRedis({ url: stack.redisRestUrl, token: stack.redisRestToken }));
    const user = await newUser(chain, "USDC", "30");
    const solve = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", dryRun: true });
    expect((await route()).status).toBe(200);

    // A cold index of polygon half-way through discovery: the graph is gone and the cron's lock is held here, so the
    // stack's indexing (the swap cron) leaves the chain alone until the test lets go.
    await eventually(async () => expect(await redis.set(redisKeys.graphLock(chain), "test", "EX", 120, "NX")).toBe("OK"), 30_000);
    try {
      await redis.del(redisKeys.graph(chain), redisKeys.graphBlock(chain), redisKeys.tokenList(chain));
      const underway: IndexProgress = {
        chain, phase: "discover", startBlock: 0n, targetBlock: 2900n, cursor: 1233n, loadedThrough: null, poolsFound: 17, poolsLoaded: 0,
        readThrough: 2900n, catchupFrom: -1n, block: -1n, span: 2000n, slices: 5, updatedAt: Date.now(),
      };
      await progress.write(underway, emptyGraph(chain, 137));

      // Isolates drop their copy at their next store check (every few seconds).
      const refused = await eventually(async () => {
        const r = await route();
        expect(r.status).toBe(503);
        return r;
      }, 30_000);
      expect(refused.body).toMatchObject({
        ok: false, code: "DEPENDENCY_DOWN", gaslessEligible: false,
        index: { chain, phase: "discover", percent: 25, block: "1233", targetBlock: "2900" },
      });
      expect(refused.body.error).toContain("polygon: index 25% (block 1233 of 2900)");
      expect(refused.headers.get("retry-after")).toBe("30");

      const solved = await call("/api/v1/solve", { key, body: solve });
      expect(solved.status).toBe(503);
      expect(solved.body).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
      expect(solved.body.error).toContain("polygon: index 25% (block 1233 of 2900)");

      // The operator sees the same progress.
      const status = await admin<{ chains: { chain: string; ready: boolean; phase: string; percent: number; message: string }[] }>("/admin/v1/index");
      expect(status.status).toBe(200);
      expect(status.body.chains.find((c) => c.chain === chain)).toMatchObject({ ready: false, phase: "discover", percent: 25, message: "polygon: index 25% (block 1233 of 2900)" });
      expect(status.body.chains.filter((c) => c.chain !== chain).every((c) => c.ready)).toBe(true);
    } finally {
      // Forget the invented progress and release the lock: the stack's cron indexes polygon from scratch.
      await progress.clear(chain);
      await redis.del(redisKeys.graphLock(chain));
    }
    await eventually(async () => {
      const status = await admin<{ chains: { chain: string; ready: boolean }[] }>("/admin/v1/index");
      expect(status.body.chains.map((c) => c.ready)).toEqual([true, true, true, true]);
    }, 120_000);
    await eventually(async () => expect((await route()).status).toBe(200), 30_000);
  }, 240_000);
});
