/**
 * Two deliverers at once never send one delivery twice, also when a run's batch takes longer than one attempt: a
 * run claims up to its limit and works through them a few at a time, so the claim must hold until its last one is
 * sent. Real Postgres, a real receiver on 127.0.0.1 that answers slowly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, startWebhookReceiver, type TestDatabase, type WebhookReceiver } from "@sluice/testkit";
import { createWebhookEndpoint } from "./webhookEndpoints.js";
import { emitWebhookEvents } from "./webhookEvents.js";
import { deliverWebhooks } from "./deliverWebhooks.js";

const signingKey = "0".repeat(64);
let database: TestDatabase;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [database, receiver] = await Promise.all([startTestDatabase("sluice_deliver"), startWebhookReceiver()]);
  await database.db.execute("insert into accounts (id, slug, name) values ('acc_lease', 'lease', 'Lease')");
});
afterAll(async () => {
  await Promise.all([receiver?.stop(), database?.drop()]);
});

describe("deliverWebhooks", () => {
  it("a batch that outlasts one attempt's time is not sent again by a second deliverer meanwhile", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/slow"), events: ["webhook.test"], signingKey,
    });
    // 56 deliveries, 8 at a time, 3.8 s each: the batch takes about 27 s, longer than a claim sized for one attempt
    // (its 4 s limit and a margin: 24 s) would hold.
    const count = 56;
    await emitWebhookEvents(database.db, Array.from({ length: count }, (_, i) => ({
      type: "webhook.test", accountId: "acc_lease", objectKey: `obj_${i}`, endpointId: endpoint.id, environment: "production" as const, data: { i },
    })));
    receiver.respond(async () => { await new Promise((resolve) => setTimeout(resolve, 3_800)); return 200; });
    const settings = { db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: count };
    const first = deliverWebhooks(settings);
    // A second run (the next minute's cron) while the first is on its last round.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const second = await deliverWebhooks(settings);
    const done = await first;
    expect(done).toMatchObject({ attempted: count, delivered: count });
    expect(second.attempted).toBe(0);
    const ids = receiver.received.filter((r) => r.path === "/slow").map((r) => r.json.id);
    expect(ids.length).toBe(count);
    expect(new Set(ids).size).toBe(count);
  }, 60_000);

  it("endpoints take turns: one partner's backlog, older than everyone's, does not fill a run ahead of another's delivery", async () => {
    const [backlogged, other] = await Promise.all(["/backlog", "/other"].map((path) => createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url(path), events: ["webhook.test"], signingKey,
    })));
    // 60 deliveries to one endpoint (a partner whose receiver was down), all due before the other endpoint's one.
    await emitWebhookEvents(database.db, Array.from({ length: 60 }, (_, i) => ({
      type: "webhook.test", accountId: "acc_lease", objectKey: `backlog_${i}`, endpointId: backlogged!.id, environment: "production" as const, data: { i },
    })));
    await database.db.execute(`update webhook_deliveries set next_attempt_at = now() - interval '1 hour' where endpoint_id = '${backlogged!.id}'`);
    await emitWebhookEvents(database.db, [{
      type: "webhook.test", accountId: "acc_lease", objectKey: "other_0", endpointId: other!.id, environment: "production" as const, data: {},
    }]);
    const order: string[] = [];
    receiver.respond((r) => { order.push(r.path); return 200; });
    const run = await deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: 50 });
    expect(run).toMatchObject({ attempted: 50, delivered: 50 });
    // The other endpoint's delivery is in the run, in its first wave (each endpoint's first turn goes out first; the
    // run sends 8 at a time).
    expect(order.slice(0, 16)).toContain("/other");
    expect(order.filter((path) => path === "/backlog")).toHaveLength(49);
    // The backlog's rest is the next run's.
    expect(await deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: 50 }))
      .toMatchObject({ attempted: 11, delivered: 11 });
  }, 60_000);
});

