import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { startRedisRestBridge } from "@sluice/stack/redisRestBridge/index";
import { migrateDatabase } from "./migrateDatabase.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sluice_cli_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
let bridge: Awaited<ReturnType<typeof startRedisRestBridge>>;

async function admin(...args: string[]): Promise<{ code: number; body: any }> {
  const env = { ...process.env, DATABASE_URL: url, REDIS_REST_URL: bridge.url, REDIS_REST_TOKEN: bridge.token };
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "packages/admin/src/cli.ts", ...args], { cwd: root, env });
    return { code: 0, body: JSON.parse(stdout) };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, body: JSON.parse(failed.stdout) };
  }
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
  });

  it("answers bad input with a JSON error and exit code 1", async () => {
    expect(await admin("create-account", "--slug", "x-y")).toMatchObject({ code: 1, body: { ok: false, code: "MALFORMED_REQUEST" } });
    expect(await admin("create-account", "--slug", "x-y", "--name", "n", "--rebate-bps", "ten")).toMatchObject({ code: 1, body: { error: "--rebate-bps: must be a whole number" } });
    expect(await admin("get-account", "nobody")).toMatchObject({ code: 1, body: { code: "NOT_FOUND" } });
    expect(await admin("create-account", "--bogus")).toMatchObject({ code: 1, body: { code: "MALFORMED_REQUEST" } });
  });
});
