import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startRedisRestBridge } from "@sluice/stack/redisRestBridge/index";
import { createRedis, emptyGraph, redisIndexProgressStore } from "@sluice/core";
import { runAdminCli } from "@sluice/testkit";
import { migrateDatabase } from "./migrateDatabase.js";

const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sluice_cli_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
let bridge: Awaited<ReturnType<typeof startRedisRestBridge>>;

async function admin(...args: string[]): Promise<{ code: number; body: any }> {
  return adminWith({}, ...args);
}

async function adminWith(extra: Record<string, string>, ...args: string[]): Promise<{ code: number; body: any }> {
  return runAdminCli({ DATABASE_URL: url, REDIS_REST_URL: bridge.url, REDIS_REST_TOKEN: bridge.token, ...extra }, ...args);
}

beforeAll(async () => {
  await migrateDatabase(url);
  bridge = await startRedisRestBridge({ redisUrl: "redis://127.0.0.1:6379/12" });
});
afterAll(async () => {
  await bridge?.close();
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

describe("pnpm admin", () => {
  it("runs the operator's flows and prints JSON", async () => {
    const referrer = await admin("create-account", "--slug", "ref-co", "--name", "Ref Co");
    expect(referrer).toMatchObject({ code: 0, body: { ok: true, account: { slug: "ref-co" } } });
    const created = await admin("create-account", "--slug", "acme", "--name", "Acme", "--rebate-bps", "15", "--referrer", "ref-co", "--referral-bps", "4");
    expect(created.body.account).toMatchObject({ rebateBps: 15, referralBps: 4, referrerId: referrer.body.account.id });

    const issued = await admin("issue-key", "acme", "--sandbox", "--test", "--rate-limit", "30");
    expect(issued.body.key).toMatch(/^[0-9a-f]{40}$/);
    expect(issued.body.apiKey).toMatchObject({ environment: "sandbox", isTest: true, rateLimitPerMinute: 30 });

    const listed = await admin("list-keys", "acme");
    expect(listed.body.keys).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(issued.body.key);

    const revoked = await admin("revoke-key", issued.body.apiKey.id);
    expect(revoked.body.key.revokedAt).toBeTruthy();

    const updated = await admin("update-account", "acme", "--rebate-bps", "20", "--active", "false", "--referrer", "none");
    expect(updated.body.account).toMatchObject({ rebateBps: 20, rebateActive: false, referrerId: null, referralBps: 0 });
    expect((await admin("get-account", "acme")).body.account.rebateBps).toBe(20);
    expect((await admin("mark-test", "acme", "--from", "2026-01-01T00:00:00Z")).body).toEqual({ ok: true, updated: 0 });

    // Each change is in the audit trail, by the OS user, with its arguments; the reads are not.
    const trail = (await admin("audit", "--limit", "10")).body.actions as Array<{ surface: string; actor: string; action: string; request: { args: string[] }; status: number }>;
    expect(trail.map((a) => a.action)).toEqual(["mark-test", "update-account", "revoke-key", "issue-key", "create-account", "create-account"]);
    for (const entry of trail) expect(entry).toMatchObject({ surface: "cli", actor: expect.stringMatching(/^cli:./), status: 200 });
    expect(trail[1]!.request.args).toEqual(["acme", "--rebate-bps", "20", "--active", "false", "--referrer", "none"]);
    expect(JSON.stringify(trail)).not.toContain(issued.body.key);
  });

  it("answers bad input with a JSON error and exit code 1", async () => {
    expect(await admin("create-account", "--slug", "x-y")).toMatchObject({ code: 1, body: { ok: false, code: "MALFORMED_REQUEST" } });
    expect(await admin("create-account", "--slug", "x-y", "--name", "n", "--rebate-bps", "ten")).toMatchObject({ code: 1, body: { error: "--rebate-bps: must be a whole number" } });
    expect(await admin("get-account", "nobody")).toMatchObject({ code: 1, body: { code: "NOT_FOUND" } });
    expect(await admin("create-account", "--bogus")).toMatchObject({ code: 1, body: { code: "MALFORMED_REQUEST" } });
    // As the admin API: a time without its offset would be the operator's local time; a rate of 0 refuses every request.
    expect(await admin("mark-test", "acme", "--from", "2026-11-01T00:00")).toMatchObject({ code: 1, body: { error: expect.stringMatching(/^--from: must be an ISO 8601 time with an offset/) } });
    expect(await admin("mark-test", "acme", "--from", "1")).toMatchObject({ code: 1, body: { code: "MALFORMED_REQUEST" } });
    expect(await admin("issue-key", "acme", "--rate-limit", "0")).toMatchObject({ code: 1, body: { error: "--rate-limit: must be between 1 and 1000000" } });
    expect(await admin("update-account", "acme", "--rebate-bps", "10001")).toMatchObject({ code: 1, body: { error: "--rebate-bps: must be between 0 and 10000" } });
  });

  const refused = (option: string) => ({ code: 1, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringMatching(new RegExp(`^${option}: `)) } });

  it("checks update-account's values with the admin API's own schema: refused naming the option, exit 1, nothing written", async () => {
    await admin("create-account", "--slug", "named-co", "--name", "Named Co");
    // An empty name passed through updateAccount's `??` and was stored; the API refuses it.
    expect(await admin("update-account", "named-co", "--name", "")).toMatchObject(refused("--name"));
    expect(await admin("update-account", "named-co", "--name", "n".repeat(201), "--rebate-bps", "30")).toMatchObject(refused("--name"));
    expect((await admin("get-account", "named-co")).body.account).toMatchObject({ name: "Named Co", rebateBps: 0 });
    // The API's limit itself is accepted.
    expect(await admin("update-account", "named-co", "--name", "n".repeat(200))).toMatchObject({ code: 0, body: { account: { name: "n".repeat(200) } } });
  });

  it("checks create-account's values with the admin API's own schema", async () => {
    expect(await admin("create-account", "--slug", "long-co", "--name", "n".repeat(201))).toMatchObject(refused("--name"));
    expect(await admin("create-account", "--slug", "Bad Slug", "--name", "Bad")).toMatchObject(refused("--slug"));
    expect(await admin("create-account", "--slug", "long-co")).toMatchObject({ code: 1, body: { error: "--name: is required" } });
    expect(await admin("get-account", "long-co")).toMatchObject({ code: 1, body: { code: "NOT_FOUND" } });
  });

  it("checks issue-key's values with the admin API's own schema", async () => {
    await admin("create-account", "--slug", "keyed-co", "--name", "Keyed Co");
    expect(await admin("issue-key", "keyed-co", "--name", "k".repeat(201))).toMatchObject(refused("--name"));
    expect((await admin("list-keys", "keyed-co")).body.keys).toHaveLength(0);
    expect(await admin("issue-key", "keyed-co", "--name", "k".repeat(200))).toMatchObject({ code: 0, body: { apiKey: { name: "k".repeat(200) } } });
  });

  it("with DATABASE_URL alone in the environment, revoke-key names the Redis settings it needs and revokes nothing", async () => {
    await admin("create-account", "--slug", "revoke-co", "--name", "Revoke Co");
    const issued = await admin("issue-key", "revoke-co");
    const revoked = await runAdminCli({ DATABASE_URL: url }, "revoke-key", issued.body.apiKey.id);
    expect(revoked).toMatchObject({ code: 1, body: { ok: false, error: expect.stringMatching(/^REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, must be set .*the environment sets DATABASE_URL/) } });
    expect((await admin("list-keys", "revoke-co")).body.keys[0].revokedAt).toBeNull();
  });
});

describe("pnpm admin index-status", () => {
  it("prints each configured chain's index progress", async () => {
    const progress = redisIndexProgressStore(createRedis({ url: bridge.url, token: bridge.token }));
    const rpc = { rpcUrl: "http://127.0.0.1:1", executor: null };
    try {
      await progress.write({
        chain: "polygon", phase: "load", startBlock: 100n, targetBlock: 2900n, cursor: 2900n, loadedThrough: null, poolsFound: 40, poolsLoaded: 10,
        readThrough: 2900n, catchupFrom: 99n, block: 99n, span: 2000n, slices: 7, updatedAt: 1,
      }, emptyGraph("polygon", 137));
      await progress.clear("base");
      const status = await adminWith({ SLUICE_CHAINS: JSON.stringify({ base: rpc, polygon: rpc }) }, "index-status");
      expect(status).toMatchObject({ code: 0, body: { ok: true, chains: [
        { chain: "base", phase: "not-started", ready: false, percent: 0, message: "base: index not started" },
        { chain: "polygon", phase: "load", ready: false, percent: 67, poolsFound: 40, poolsLoaded: 10, message: "polygon: index 67% (pool state 10 of 40)" },
      ] } });
    } finally {
      await progress.clear("polygon");
    }
  });
});
