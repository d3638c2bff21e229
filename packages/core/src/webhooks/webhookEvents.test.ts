/**
 * The outbox cannot be grown without bound through one endpoint: a sandbox key replaying dry runs writes a delivery
 * per solve to each of its account's endpoints (up to 20), faster than the cron drains the sandbox's. Real Postgres.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS } from "./webhookEndpoints.js";
import { emitWebhookEvents, WEBHOOK_PENDING_DELIVERIES_BOUND, type WebhookEventInput } from "./webhookEvents.js";

const signingKey = "0".repeat(64);
let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase("sluice_events");
  await database.db.execute("insert into accounts (id, slug, name) values ('acc_flood', 'flood', 'Flood'), ('acc_calm', 'calm', 'Calm')");
});
afterAll(async () => {
  await database?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const pendingPerEndpoint = async () => new Map((await database.db.execute<{ endpoint_id: string; n: number }>(
  "select endpoint_id, count(*)::int as n from webhook_deliveries where status = 'pending' group by endpoint_id",
)).rows.map((r) => [r.endpoint_id, r.n]));

const dryRuns = (accountId: string, from: number, count: number): WebhookEventInput[] => Array.from({ length: count }, (_, i) => ({
  type: "swap.executed", accountId, objectKey: `dry_${accountId}_${from + i}`, environment: "sandbox", data: { i: from + i },
}));

describe("emitWebhookEvents: a bounded backlog per endpoint", () => {
  it("a flood of sandbox events stops at the bound for each of the account's endpoints; other accounts and production are unaffected", async () => {
    const bound = WEBHOOK_PENDING_DELIVERIES_BOUND.sandbox;
    const flooded = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS }, (_, i) => createWebhookEndpoint(database.db, {
      accountId: "acc_flood", environment: "sandbox", url: `https://hooks${i}.flood.example/in`, events: ["swap.executed"], signingKey,
    })));
    const production = await createWebhookEndpoint(database.db, {
      accountId: "acc_flood", environment: "production", url: "https://hooks.flood.example/prod", events: ["swap.executed"], signingKey,
    });
    const calm = await createWebhookEndpoint(database.db, {
      accountId: "acc_calm", environment: "sandbox", url: "https://hooks.calm.example/in", events: ["swap.executed"], signingKey,
    });
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: string) => { warnings.push(line); });

    // More dry runs than the bound, in batches; the last batch crosses it part way.
    const batch = 300;
    const emitted = bound + 200;
    for (let from = 0; from < emitted; from += batch) await emitWebhookEvents(database.db, dryRuns("acc_flood", from, Math.min(batch, emitted - from)));

    const pending = await pendingPerEndpoint();
    for (const endpoint of flooded) expect(pending.get(endpoint.id), endpoint.id).toBe(bound);
    // Nothing was written for what was skipped: no event is left without a delivery (pruning never sees one).
    const orphans = await database.db.execute<{ n: number }>(
      "select count(*)::int as n from webhook_events ev where not exists (select 1 from webhook_deliveries d where d.event_id = ev.id)");
    expect(orphans.rows[0]!.n).toBe(0);
    // The operator is told once per emission that skipped, naming the account and its endpoints.
    const full = warnings.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === "webhook backlog full");
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ level: "warn", accounts: "acc_flood", endpoints: MAX_WEBHOOK_ENDPOINTS, skipped: 200 * MAX_WEBHOOK_ENDPOINTS });
    expect(String(full[0]!.endpointIds).split(",").sort()).toEqual(flooded.map((e) => e.id).sort());

    // Another account's sandbox endpoint, and the same account's production endpoint, still hear their events.
    expect(await emitWebhookEvents(database.db, dryRuns("acc_calm", 0, 3))).toHaveLength(3);
    expect(await emitWebhookEvents(database.db, [{
      type: "swap.executed", accountId: "acc_flood", objectKey: "real_0", environment: "production", data: {},
    }])).toHaveLength(1);
    const after = await pendingPerEndpoint();
    expect(after.get(calm.id)).toBe(3);
    expect(after.get(production.id)).toBe(1);

    // A bound, not a ban: once the receiver has caught up with some, new events reach it again.
    await database.db.execute(`update webhook_deliveries set status = 'delivered', completed_at = now()
      where id in (select id from webhook_deliveries where endpoint_id = '${flooded[0]!.id}' and status = 'pending' limit 5)`);
    const next = await emitWebhookEvents(database.db, dryRuns("acc_flood", emitted, 10));
    expect(next).toHaveLength(5);
    expect((await pendingPerEndpoint()).get(flooded[0]!.id)).toBe(bound);
  }, 120_000);

  it("a test event reaches an endpoint whose backlog is full (one at a time, so it cannot grow it)", async () => {
    const [endpointId] = (await database.db.execute<{ endpoint_id: string }>(
      `select endpoint_id from webhook_deliveries where status = 'pending' group by endpoint_id having count(*) >= ${WEBHOOK_PENDING_DELIVERIES_BOUND.sandbox} limit 1`,
    )).rows.map((r) => r.endpoint_id);
    expect(endpointId).toBeDefined();
    expect(await emitWebhookEvents(database.db, [{
      type: "webhook.test", accountId: "acc_flood", objectKey: "test_0", endpointId, environment: "sandbox", data: {},
    }])).toHaveLength(1);
  });

  it("bounds a production endpoint too, at a higher bound than the sandbox's", async () => {
    const bound = WEBHOOK_PENDING_DELIVERIES_BOUND.production;
    expect(bound).toBeGreaterThan(WEBHOOK_PENDING_DELIVERIES_BOUND.sandbox);
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_calm", environment: "production", url: "https://hooks.calm.example/prod", events: ["swap.confirmed"], signingKey,
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const batch = 2_500;
    const emitted = bound + 50;
    for (let from = 0; from < emitted; from += batch) {
      await emitWebhookEvents(database.db, Array.from({ length: Math.min(batch, emitted - from) }, (_, i) => ({
        type: "swap.confirmed" as const, accountId: "acc_calm", objectKey: `confirmed_${from + i}`, data: {},
      })));
    }
    expect((await pendingPerEndpoint()).get(endpoint.id)).toBe(bound);
  }, 120_000);
});
