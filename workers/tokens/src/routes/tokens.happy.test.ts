import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Redis } from "ioredis";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import tokenListSchema from "@uniswap/token-lists/src/tokenlist.schema.json" with { type: "json" };
import { chainNames, chains } from "@sluice/core";
import { call, eventually, expectedOrder, expectedTokens, untilIndexed } from "@sluice/testkit";

type Token = { address: string; symbol: string; decimals: number; quality: number; chain: string; curated: boolean };
type Body = { ok: boolean; chain: string; count: number; source: string; tokens: Token[] };
const lower = (a: string) => a.toLowerCase();
const list = async (query: string) => (await call<Body>(`/api/v1/tokens${query}`)).body;

beforeAll(async () => {
  for (const chain of chainNames) await untilIndexed(chain);
}, 400_000);

describe("GET /api/v1/tokens rules", () => {
  it("lists exactly the tokens the rules admit, on each chain, with the fields of the interface", async () => {
    for (const chain of chainNames) {
      const body = await list(`?chain=${chain}&limit=500`);
      const expected = expectedOrder(chain);
      expect(body, chain).toMatchObject({ ok: true, chain, source: "indexed", count: expected.length });
      expect(body.tokens.map((t) => lower(t.address)), chain).toEqual(expected.map((t) => lower(t.address)));
      for (const [i, t] of body.tokens.entries()) {
        expect(Object.keys(t).sort()).toEqual(["address", "chain", "curated", "decimals", "quality", "symbol"]);
        expect(t).toMatchObject({ symbol: expected[i]!.symbol, decimals: expected[i]!.decimals, quality: 100, chain, curated: expected[i]!.curated });
      }
    }
  });

  it("defaults to base", async () => {
    const body = await list("");
    expect(body.chain).toBe("base");
    expect(body.tokens.map((t) => lower(t.address))).toEqual(expectedOrder("base").map((t) => lower(t.address)));
  });

  it("leaves out low-quality, stale and unindexed tokens — and the scenario has each kind", async () => {
    const listed = new Set((await list("?chain=base&limit=500")).tokens.map((t) => lower(t.address)));
    const tokens = expectedTokens("base");
    const lowQuality = tokens.filter((t) => t.quality < 100 && t.poolCount > 0);
    const stale = tokens.filter((t) => t.lastTradedDaysAgo > 3 && t.poolCount > 0);
    const unindexed = tokens.filter((t) => t.poolCount === 0);
    for (const [kind, group] of Object.entries({ lowQuality, stale, unindexed })) {
      expect(group.length, kind).toBeGreaterThan(0);
      for (const t of group) expect(listed.has(lower(t.address)), `${kind} ${t.symbol}`).toBe(false);
    }
    for (const t of tokens.filter((t) => t.quality === 100 && t.lastTradedDaysAgo < 3 && t.poolCount > 0 && t.canonical)) {
      expect(listed.has(lower(t.address)), t.symbol).toBe(true);
    }
  });

  it("lists one address per symbol: the curated one, else the one in the most pools", async () => {
    const body = await list("?chain=base&limit=500");
    const symbols = body.tokens.map((t) => t.symbol.toLowerCase());
    expect(new Set(symbols).size).toBe(symbols.length);
    const tokens = expectedTokens("base");
    const usdc = tokens.filter((t) => t.symbol === "USDC");
    expect(usdc.length).toBeGreaterThan(1);
    expect(body.tokens.filter((t) => t.symbol === "USDC").map((t) => t.address)).toEqual([chains.base.curatedTokens.find((t) => t.symbol === "USDC")!.address]);
    const twins = tokens.filter((t) => t.symbol === "TWIN" && t.quality === 100 && t.lastTradedDaysAgo === 0);
    expect(twins.length).toBe(2);
    expect(twins[0]!.poolCount).not.toBe(twins[1]!.poolCount);
    const most = twins.reduce((a, b) => (b.poolCount > a.poolCount ? b : a));
    expect(body.tokens.filter((t) => t.symbol === "TWIN").map((t) => lower(t.address))).toEqual([lower(most.address)]);
  });

  it("orders curated first, then by the number of pools", async () => {
    const body = await list("?chain=polygon&limit=500");
    const expected = expectedTokens("polygon");
    const pools = (address: string) => expected.find((t) => lower(t.address) === lower(address))!.poolCount;
    const firstNonCurated = body.tokens.findIndex((t) => !t.curated);
    expect(firstNonCurated).toBeGreaterThan(0);
    expect(body.tokens.slice(firstNonCurated).every((t) => !t.curated)).toBe(true);
    for (let i = 1; i < body.tokens.length; i++) {
      if (body.tokens[i]!.curated === body.tokens[i - 1]!.curated) expect(pools(body.tokens[i]!.address)).toBeLessThanOrEqual(pools(body.tokens[i - 1]!.address));
    }
  });
});

describe("GET /api/v1/tokens search and limit", () => {
  it("finds by symbol prefix and substring, case-insensitively, in list order", async () => {
    const all = (await list("?chain=base&limit=500")).tokens;
    for (const search of ["us", "USD", "sdc", "Eth", "w"]) {
      const body = await list(`?chain=base&search=${encodeURIComponent(search)}`);
      expect(body.tokens.map((t) => t.address), search).toEqual(all.filter((t) => t.symbol.toLowerCase().includes(search.toLowerCase())).map((t) => t.address));
      expect(body.count).toBe(body.tokens.length);
    }
    expect((await list("?chain=base&search=usdc")).tokens.map((t) => t.symbol)).toEqual(["USDC"]);
    expect((await list("?chain=base&search=nothing-like-this")).tokens).toEqual([]);
  });

  it("finds by address prefix, in either case", async () => {
    const all = (await list("?chain=arbitrum&limit=500")).tokens;
    const target = all.find((t) => !t.curated)!;
    for (const prefix of [target.address.slice(0, 10), target.address.slice(0, 10).toLowerCase(), "0x" + target.address.slice(2, 12).toUpperCase()]) {
      const body = await list(`?chain=arbitrum&search=${prefix}`);
      expect(body.tokens.map((t) => t.address), prefix).toContain(target.address);
      expect(body.tokens.every((t) => lower(t.address).startsWith(lower(prefix)) || t.symbol.toLowerCase().includes(lower(prefix)))).toBe(true);
    }
    expect((await list(`?chain=arbitrum&search=${target.address}`)).tokens.map((t) => t.address)).toEqual([target.address]);
  });

  it("answers 100 at most by default, up to 500 when asked, and honours small limits", async () => {
    const full = (await list("?chain=ethereum&limit=500")).tokens;
    expect(full.length).toBeLessThanOrEqual(100); // the scenario's chain holds fewer than 100 listable tokens
    expect((await list("?chain=ethereum")).tokens).toEqual(full);
    const three = await list("?chain=ethereum&limit=3");
    expect(three.count).toBe(3);
    expect(three.tokens).toEqual(full.slice(0, 3));
    expect((await list("?chain=ethereum&limit=1")).tokens).toEqual(full.slice(0, 1));
  });
});

describe("GET /api/v1/tokens caching", () => {
  it("answers with Cache-Control and an ETag, and 304 when the ETag still matches", async () => {
    const first = await call("/api/v1/tokens?chain=base");
    expect(first.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=60");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${inject("stack").baseUrl}/api/v1/tokens?chain=base`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    const other = await call("/api/v1/tokens?chain=base&limit=2");
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("serves the list cached in Redis for the stored graph's block, and recomputes once the block moves", async () => {
    const redis = new Redis(inject("stack").redisUrl);
    try {
      await call("/api/v1/tokens?chain=arbitrum");
      const key = "sluice:tokens:v1:arbitrum";
      const entry = await eventually(async () => JSON.parse((await redis.get(key))!), 5_000);
      expect(entry.block).toBe(await redis.get("sluice:graph:v1:arbitrum:block"));
      // An entry for the current block is served as it is (marked here so it can be recognised)…
      const marked = { ...entry, tokens: entry.tokens.slice(0, 1).map((t: Token) => ({ ...t, symbol: "CACHED" })), computedAt: Date.now() };
      await redis.set(key, JSON.stringify(marked), "EX", 600);
      expect((await list("?chain=arbitrum")).tokens.map((t) => t.symbol)).toEqual(["CACHED"]);
      // …one computed from another block is not: the list is computed again from the graph and stored.
      await redis.set(key, JSON.stringify({ ...marked, block: "1" }), "EX", 600);
      expect((await list("?chain=arbitrum&limit=500")).tokens.map((t) => lower(t.address))).toEqual(expectedOrder("arbitrum").map((t) => lower(t.address)));
      await eventually(async () => expect(JSON.parse((await redis.get(key))!).block).toBe(entry.block), 5_000);
    } finally {
      await redis.del("sluice:tokens:v1:arbitrum");
      redis.disconnect();
    }
  });
});

describe("GET /api/v1/tokens?format=tokenlist", () => {
  const ajv = new Ajv({ allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(tokenListSchema);

  it("answers the same list in the Uniswap Token Lists standard, valid against its schema, on each chain", async () => {
    for (const chain of chainNames) {
      const plain = await list(`?chain=${chain}&limit=500`);
      const response = await call(`/api/v1/tokens?chain=${chain}&limit=500&format=tokenlist`);
      expect(response.status).toBe(200);
      expect(validate(response.body), JSON.stringify(validate.errors)).toBe(true);
      expect(response.body.tokens.map((t: { address: string }) => t.address)).toEqual(plain.tokens.map((t) => t.address));
      for (const t of response.body.tokens) expect(t.chainId).toBe(chains[chain].id);
      expect(response.body.tokens.filter((t: { tags?: string[] }) => t.tags?.includes("curated")).length).toBe(plain.tokens.filter((t) => t.curated).length);
    }
  });

  it("applies search and limit to the token list format too", async () => {
    const response = await call("/api/v1/tokens?chain=base&format=tokenlist&search=usd&limit=2");
    expect(validate(response.body), JSON.stringify(validate.errors)).toBe(true);
    expect(response.body.tokens.map((t: { symbol: string }) => t.symbol)).toEqual((await list("?chain=base&search=usd&limit=2")).tokens.map((t) => t.symbol));
  });
});
