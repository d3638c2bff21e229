/**
 * The token behaviour rule over HTTP (detection itself is tested on the devnet: core/src/tokens/behaviour): a token the
 * store says is not standard — what the swap worker's cron writes after simulating its transfers — is refused by
 * /route as input or output with UNSUPPORTED_TOKEN naming it and its behaviour, and left out of /tokens; an unchecked
 * one is simulated on first use and stored.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import { call, createPartner, quote, token } from "@sluice/testkit";

const behaviourKey = "sluice:tokens:behaviour:v1:base";
let key: string;
let redis: Redis;
const morpho = token("base", "MORPHO").address.toLowerCase();

beforeAll(async () => {
  key = (await createPartner()).key;
  redis = new Redis(inject("stack").redisUrl);
  await redis.hset(behaviourKey, morpho, JSON.stringify({ behaviour: "fee-on-transfer", checkedAt: Date.now(), detail: "received from the pool: 990 of 1000" }));
  await redis.del("sluice:tokens:v1:base");
});
afterAll(async () => {
  await redis.hdel(behaviourKey, morpho);
  await redis.del("sluice:tokens:v1:base");
  redis.disconnect();
});

describe("POST /api/v1/route — tokens that do not transfer normally", () => {
  it("refuses a fee-on-transfer token as input, naming it and its behaviour", async () => {
    const r = await quote(key, { from: "MORPHO", to: "USDC", amount: "100" });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body).toMatchObject({ ok: false, code: "UNSUPPORTED_TOKEN", token: morpho, tokenBehaviour: "fee-on-transfer", gaslessEligible: false });
    expect(r.body.error).toBe(`tokenIn ${morpho} (MORPHO) is a fee-on-transfer token; Sluice does not route it`);
    expect(typeof r.body.computeMs).toBe("number");
  });

  it("refuses it as output too, by address as well as by symbol", async () => {
    const r = await quote(key, { from: "USDC", to: morpho, amount: "100" });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(`tokenOut ${morpho} (MORPHO) is a fee-on-transfer token; Sluice does not route it`);
  });

  it("GET /api/v1/tokens leaves it out", async () => {
    const r = await call("/api/v1/tokens?chain=base&limit=500");
    expect(r.status).toBe(200);
    const symbols = (r.body.tokens as { symbol: string }[]).map((t) => t.symbol);
    expect(symbols).toContain("AERO");
    expect(symbols).not.toContain("MORPHO");
  });

  it("an unchecked token is simulated on first use, found standard and stored", async () => {
    const aero = token("base", "AERO").address.toLowerCase();
    await redis.hdel(behaviourKey, aero);
    const r = await quote(key, { from: "AERO", to: "USDC", amount: "1000" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(JSON.parse((await redis.hget(behaviourKey, aero))!).behaviour).toBe("standard");
  });
});
