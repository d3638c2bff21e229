/**
 * An inline pass runs after the answer (`waitUntil` on Workers), which is cut about 30 s after it: whatever it claimed
 * must come back for the cron within that, whatever its receivers do. Real Postgres, a real receiver that never answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, startWebhookReceiver, type TestDatabase, type WebhookReceiver } from "@sluice/testkit";
import { createWebhookEndpoint } from "./webhookEndpoints.js";
import { emitWebhookEvents } from "./webhookEvents.js";
import { deliverWebhooksInline } from "./deliverWebhooksInline.js";

const signingKey = "0".repeat(64);
let database: TestDatabase;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [database, receiver] = await Promise.all([startTestDatabase("sluice_inline"), startWebhookReceiver()]);
  await database.db.execute("insert into accounts (id, slug, name) values ('acc_inline', 'inline', 'Inline')");
});
afterAll(async () => {
  await Promise.all([receiver?.stop(), database?.drop()]);
});

type Lease = { id: string; lease_seconds: number };
const leased = async () => (await database.db.execute<Lease>(
  "select id, extract(epoch from lease_until - now())::float as lease_seconds from webhook_deliveries where lease_until > now()",
)).rows;

describe("deliverWebhooksInline", () => {
  it("against receivers that never answer, claims only what it can attempt within Workers' 30 s after the answer", async () => {
    // Ten due deliveries, each to an endpoint of its own that hangs: every attempt runs to its time limit.
    const endpoints = await Promise.all(Array.from({ length: 10 }, (_, i) => createWebhookEndpoint(database.db, {
      accountId: "acc_inline", environment: "production", url: receiver.url(`/silent_${i}`), events: ["webhook.test"], signingKey,
    })));
    await emitWebhookEvents(database.db, endpoints.map((endpoint, i) => ({
      type: "webhook.test", accountId: "acc_inline", objectKey: `inline_${i}`, endpointId: endpoint.id, environment: "production" as const, data: { i },
    })));
    receiver.respond(() => "hang");
    // The local stack's attempt limit (`webhookSettings` with WEBHOOK_LOCAL_DEVELOPMENT); production's is 10 s.
    const pass = deliverWebhooksInline({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 3_000 });
    await receiver.waitFor((received) => received.length > 0, 10_000);
    const claims = await leased();
    // One round of attempts (two at once) is all the budget holds at a 3 s limit: 11 s an attempt, 12 s the margin.
    expect(claims.length).toBe(2);
    // A pass cut short leaves its claims to the next cron run within Workers' allowance after the answer.
    expect(Math.max(...claims.map((c) => c.lease_seconds))).toBeLessThanOrEqual(30);
    const done = await pass;
    expect(done.attempted).toBe(claims.length);
    expect(done.retrying).toBe(claims.length);
  }, 60_000);

  it("sends the events just written, not other endpoints' retries (those are the cron's)", async () => {
    // Everything of the first test is now a retry (attempted once, due again at once, as after a short back-off).
    await database.db.execute("update webhook_deliveries set lease_until = null, attempts = greatest(attempts, 1), next_attempt_at = now() - interval '1 minute'");
    const fresh = await createWebhookEndpoint(database.db, {
      accountId: "acc_inline", environment: "production", url: receiver.url("/fresh"), events: ["webhook.test"], signingKey,
    });
    await emitWebhookEvents(database.db, [{ type: "webhook.test", accountId: "acc_inline", objectKey: "inline_fresh", endpointId: fresh.id, environment: "production", data: {} }]);
    receiver.respond((request) => (request.path === "/fresh" ? 200 : "hang"));
    const done = await deliverWebhooksInline({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 3_000 });
    expect(done).toMatchObject({ attempted: 1, delivered: 1 });
  }, 60_000);
});
