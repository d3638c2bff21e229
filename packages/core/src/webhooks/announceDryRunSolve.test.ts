/**
 * The sandbox announces each dry-run solve to the account's sandbox endpoints (up to 20) after its answer, which
 * Workers cut about 30 s later: the pass right after the solve must claim only what it can attempt in that time,
 * whatever the receivers do. Real Postgres, a real receiver that never answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, startWebhookReceiver, type TestDatabase, type WebhookReceiver } from "@sluice/testkit";
import { createWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS } from "./webhookEndpoints.js";
import { announceDryRunSolve } from "./announceDryRunSolve.js";

const signingKey = "0".repeat(64);
let database: TestDatabase;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [database, receiver] = await Promise.all([startTestDatabase("sluice_dry_run"), startWebhookReceiver()]);
  await database.db.execute("insert into accounts (id, slug, name) values ('acc_dry', 'dry', 'Dry')");
});
afterAll(async () => {
  await Promise.all([receiver?.stop(), database?.drop()]);
});

type Row = { id: string; leased: boolean; lease_seconds: number | null; attempts: number; due_in_seconds: number };
const deliveries = async () => (await database.db.execute<Row>(
  `select id, coalesce(lease_until > now(), false) as leased, extract(epoch from lease_until - now())::float as lease_seconds,
     attempts, extract(epoch from next_attempt_at - now())::float as due_in_seconds
   from webhook_deliveries`,
)).rows;

describe("announceDryRunSolve", () => {
  it("to twenty endpoints that never answer, attempts only what Workers' 30 s after the answer hold; the rest is the cron's", async () => {
    await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS }, (_, i) => createWebhookEndpoint(database.db, {
      accountId: "acc_dry", environment: "sandbox", url: receiver.url(`/silent_${i}`), events: ["swap.executed"], signingKey,
    })));
    receiver.respond(() => "hang");
    // The local stack's attempt limit (`webhookSettings` with WEBHOOK_LOCAL_DEVELOPMENT); production's is 10 s.
    const pass = announceDryRunSolve({
      db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 3_000, deliverNow: true,
      solve: { accountId: "acc_dry", isTest: false, chain: "base", volumeUsd: 12.345 },
    });
    await receiver.waitFor((received) => received.length > 0, 10_000);
    const rows = await deliveries();
    expect(rows).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    const claimed = rows.filter((r) => r.leased);
    expect(claimed).toHaveLength(2);
    expect(Math.max(...claimed.map((r) => r.lease_seconds!))).toBeLessThanOrEqual(30);
    const done = await pass;
    expect(done).toMatchObject({ attempted: 2, retrying: 2 });
    // The others were never claimed: the cron sends them within a minute (it leaves them that long to this pass).
    const left = (await deliveries()).filter((r) => r.attempts === 0);
    expect(left).toHaveLength(MAX_WEBHOOK_ENDPOINTS - 2);
    expect(left.every((r) => !r.leased && r.due_in_seconds <= 60)).toBe(true);
    expect(receiver.received.map((r) => r.json)).toEqual([
      expect.objectContaining({ type: "swap.executed", data: expect.objectContaining({ is_dry_run: true, status: "encoded", volume_usd: 12.35 }) }),
      expect.objectContaining({ type: "swap.executed" }),
    ]);
  }, 90_000);
});
