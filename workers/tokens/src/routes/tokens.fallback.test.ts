import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Redis } from "ioredis";
import { chainNames, chains, type ChainName } from "@sluice/core";
import { call, eventually, expectedOrder, faults, untilIndexed, withOutage } from "@sluice/testkit";

type Body = { ok: boolean; chain: string; count: number; source: string; tokens: { address: string; symbol: string; curated: boolean; quality: number; chain: string }[] };

/** The answer once it is the fallback (the RPC probe's last answer is reused for a few seconds). */
const untilFallback = (query: string) => eventually(async () => {
  const response = await call<Body>(`/api/v1/tokens${query}`);
  if (response.body.source !== "fallback") throw new Error(`${query}: still ${response.body.source}`);
  return response;
}, 20_000);

const expectRegistryList = (body: Body, chain: ChainName) => {
  expect(body).toMatchObject({ ok: true, chain, source: "fallback", count: chains[chain].curatedTokens.length });
  expect(body.tokens).toEqual(chains[chain].curatedTokens.map((t) => ({ address: t.address, symbol: t.symbol, decimals: t.decimals, quality: 100, chain, curated: true })));
};

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(inject("stack").redisUrl);
  for (const chain of chainNames) await untilIndexed(chain);
}, 400_000);
afterAll(() => redis?.disconnect());

describe("GET /api/v1/tokens when a chain's solver is unreachable", () => {
  it("serves the registry's curated list with the chain's RPC stopped, says so, and caches it only briefly — on each chain", async () => {
    for (const chain of chainNames) {
      await withOutage(faults.rpc(chain), async () => {
        const response = await untilFallback(`?chain=${chain}`);
        expect(response.status).toBe(200);
        expectRegistryList(response.body, chain);
        expect(response.headers.get("cache-control")).toBe("public, max-age=5");
        const other = chainNames.find((c) => c !== chain)!;
        expect((await call<Body>(`/api/v1/tokens?chain=${other}`)).body.source, other).toBe("indexed");
      });
      await untilIndexed(chain, 30_000);
    }
  }, 300_000);

  it("serves the fallback when no graph is stored and the chain cannot be indexed, then indexes again once the RPC is back", async () => {
    await withOutage(faults.rpc("polygon"), async () => {
      await redis.del("sluice:graph:v1:polygon", "sluice:graph:v1:polygon:block", "sluice:tokens:v1:polygon");
      const response = await untilFallback("?chain=polygon&search=usd");
      expect(response.status).toBe(200);
      expect(response.body.tokens.map((t) => t.symbol)).toEqual(chains.polygon.curatedTokens.filter((t) => t.symbol.toLowerCase().includes("usd")).map((t) => t.symbol));
      const tokenList = await call("/api/v1/tokens?chain=polygon&format=tokenlist");
      expect(tokenList.status).toBe(200);
      expect(tokenList.body.keywords).toContain("fallback");
    });
    const back = await untilIndexed("polygon", 90_000);
    expect(back.body.tokens.map((t: { address: string }) => t.address.toLowerCase())).toEqual(expectedOrder("polygon").map((t) => t.address.toLowerCase()));
    await eventually(async () => expect(JSON.parse((await redis.get("sluice:tokens:v1:polygon")) ?? "{}").source).toBe("indexed"), 5_000);
  }, 180_000);

  it("serves the fallback, never a 5xx, while Redis is down", async () => {
    await withOutage(faults.redis, async () => {
      for (const chain of chainNames) {
        const response = await call<Body>(`/api/v1/tokens?chain=${chain}`);
        expect(response.status, chain).toBe(200);
        expectRegistryList(response.body, chain);
      }
    });
    await untilIndexed("base", 30_000);
  }, 120_000);
});
