import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { redisGraphStore } from "@sluice/core";
import { quotingScenario, runAdminCli, startQuotingTestbed, startTestRedis, type QuotingTestbed, type RestTestRedis } from "@sluice/testkit";
import { migrateDatabase } from "./migrateDatabase.js";

/**
 * `pnpm admin index` on a devnet chain: the cron's indexing, round after round from the operator's machine, through
 * the same Redis keys the cron uses.
 */
const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sluice_index_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
let t: RestTestRedis;
let bed: QuotingTestbed;
let sluiceChains: string;

const admin = (...args: string[]) =>
  runAdminCli({ DATABASE_URL: url, REDIS_REST_URL: t.restUrl, REDIS_REST_TOKEN: t.restToken, SLUICE_CHAINS: sluiceChains }, ...args);

beforeAll(async () => {
  await migrateDatabase(url);
  t = await startTestRedis();
  bed = await startQuotingTestbed(quotingScenario);
  const m = bed.manifest;
  sluiceChains = JSON.stringify({
    base: { rpcUrl: m.rpcUrl, executor: m.executor, relayers: m.relayers, uniswapV2Factory: m.uniswapV2Factory, uniswapV3Factory: m.uniswapV3Factory, routableLiquidityUsd: 0 },
  });
}, 120_000);
afterAll(async () => {
  await bed?.stop();
  await t?.close();
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

describe("pnpm admin index", () => {
  it("builds a chain's index in small rounds until it is ready, then each run is one incremental round", async () => {
    expect((await admin("index-status")).body.chains[0]).toMatchObject({ chain: "base", phase: "not-started" });
    const cold = await admin("index", "--chain", "base", "--max-subrequests", "12");
    expect(cold).toMatchObject({ code: 0, body: { ok: true, index: { chain: "base", ready: true, phase: "ready" } } });
    expect(cold.body.rounds).toBeGreaterThan(1);
    const stored = await redisGraphStore(t.redis).readRoutable("base");
    expect(stored!.graph.pools.size).toBeGreaterThan(0);
    expect(String(stored!.graph.block)).toBe(cold.body.index.block);

    const again = await admin("index", "--chain", "base");
    expect(again.body).toMatchObject({ ok: true, rounds: 1, index: { ready: true } });
  });

  it("refuses a chain that is unknown or not configured, and bad numbers, naming what is wrong", async () => {
    expect(await admin("index", "--chain", "solana")).toMatchObject({ code: 1, body: { ok: false, code: "MALFORMED_REQUEST" } });
    expect((await admin("index", "--chain", "arbitrum")).body).toMatchObject({ ok: false, code: "UNSUPPORTED_CHAIN", error: "arbitrum is not configured in SLUICE_CHAINS" });
    expect((await admin("index", "--chain", "base", "--max-rounds", "0")).body).toMatchObject({ ok: false, error: "--max-rounds: must be a positive whole number" });
  });
});
