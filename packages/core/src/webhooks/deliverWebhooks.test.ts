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
import { sendTestWebhook } from "./webhookOperations.js";
import { createDb } from "../db/createDb.js";

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
    // 16 deliveries, 2 at a time, 3.8 s each: the batch takes about 30 s, longer than a claim sized for one attempt
    // (its 4 s limit and a margin: 24 s) would hold.
    const count = 16;
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
    // run sends 2 at a time).
    expect(order.slice(0, 16)).toContain("/other");
    expect(order.filter((path) => path === "/backlog")).toHaveLength(49);
    // The backlog's rest is the next run's.
    expect(await deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: 50 }))
      .toMatchObject({ attempted: 11, delivered: 11 });
  }, 60_000);
});

describe("deliverWebhooks: accounts take turns", () => {
  it("a partner with many endpoints, each with a backlog older than everyone's, does not fill a run ahead of another partner's delivery", async () => {
    await database.db.execute("insert into accounts (id, slug, name) values ('acc_many', 'many', 'Many'), ('acc_one', 'one', 'One')");
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => createWebhookEndpoint(database.db, {
      accountId: "acc_many", environment: "production", url: receiver.url(`/many${i}`), events: ["webhook.test"], signingKey,
    })));
    const one = await createWebhookEndpoint(database.db, {
      accountId: "acc_one", environment: "production", url: receiver.url("/one"), events: ["webhook.test"], signingKey,
    });
    await emitWebhookEvents(database.db, many.flatMap((endpoint, e) => Array.from({ length: 3 }, (_, i) => ({
      type: "webhook.test", accountId: "acc_many", objectKey: `many_${e}_${i}`, endpointId: endpoint.id, environment: "production" as const, data: { i },
    }))));
    await database.db.execute("update webhook_deliveries set next_attempt_at = now() - interval '1 hour' where endpoint_id in (select id from webhook_endpoints where account_id = 'acc_many')");
    await emitWebhookEvents(database.db, [{
      type: "webhook.test", accountId: "acc_one", objectKey: "one_0", endpointId: one.id, environment: "production" as const, data: {},
    }]);
    const paths: string[] = [];
    receiver.respond((r) => { paths.push(r.path); return 200; });
    // A run of four: the other partner's one delivery is in it, though six older endpoints' first turns are due.
    expect(await deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: 4 }))
      .toMatchObject({ attempted: 4, delivered: 4 });
    expect(paths).toContain("/one");
    // The rest is the next runs'.
    for (let run = 0; run < 6; run++) await deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, limit: 4 });
    expect(paths.filter((p) => p.startsWith("/many"))).toHaveLength(18);
  });
});

describe("deliverWebhooks: whose failure it is", () => {
  const settings = () => ({ db: database.db, signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000, retryBaseSeconds: 1 });
  const endpointRow = async (id: string) => (await database.db.execute<{ status: string; failing_since: Date | null; restarted: boolean }>(
    `select status::text as status, failing_since, failing_since > now() - interval '1 minute' as restarted from webhook_endpoints where id = '${id}'`)).rows[0]!;
  const deliveryRow = async (id: string) => (await database.db.execute<{ status: string; attempts: number; lease_token: string | null; later: boolean; logged: number }>(
    `select status::text as status, attempts, lease_token, next_attempt_at > now() as later,
       (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as logged
     from webhook_deliveries d where id = '${id}'`)).rows[0]!;
  const emit = async (endpointId: string, objectKey: string) => (await emitWebhookEvents(database.db, [{
    type: "webhook.test", accountId: "acc_lease", objectKey, endpointId, environment: "production" as const, data: {},
  }]))[0]!;

  it("an endpoint whose failures ended long ago is not disabled by its next failure: its failing clock starts again", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/quiet"), events: ["webhook.test"], signingKey,
    });
    receiver.respond((r) => (r.path === "/quiet" ? 503 : 200));
    // A month ago the receiver was down the day of a monthly event: every attempt failed, then nothing for weeks.
    const old = await emit(endpoint.id, "quiet_old");
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [old] })).toMatchObject({ attempted: 1, retrying: 1 });
    await database.db.execute(`update webhook_endpoints set failing_since = now() - interval '30 days' where id = '${endpoint.id}'`);
    await database.db.execute(`update webhook_attempts set attempted_at = now() - interval '29 days' where delivery_id = '${old}'`);
    await database.db.execute(`update webhook_deliveries set status = 'failed', completed_at = now() - interval '29 days', created_at = now() - interval '30 days' where id = '${old}'`);
    // Today one transient failure: a retry, not a disabled endpoint with its deliveries dropped.
    const fresh = await emit(endpoint.id, "quiet_new");
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [fresh] })).toMatchObject({ attempted: 1, retrying: 1, disabled: 0 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: "active", restarted: true });
    expect(await deliveryRow(fresh)).toMatchObject({ status: "pending" });
    // Failing without a break (an attempt within the last two hours) for the whole window still disables it.
    await database.db.execute(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = '${endpoint.id}'`);
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [fresh] })).toMatchObject({ attempted: 1, disabled: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: "disabled" });
    expect(await deliveryRow(fresh)).toMatchObject({ status: "failed" });
  });

  it("Sluice's own failure (a signing key that does not open the secret, a resolver that does not answer) is not the receiver's: nothing is sent or counted, and the endpoint is not disabled", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/ours"), events: ["webhook.test"], signingKey,
    });
    // The endpoint has been failing for a day: one more failure of its own would disable it.
    await database.db.execute(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = '${endpoint.id}'`);
    const delivery = await emit(endpoint.id, "ours_0");
    receiver.respond(() => 200);
    // The operator rotated WEBHOOK_SIGNING_KEY without re-encrypting the secrets.
    expect(await deliverWebhooks({ ...settings(), signingKey: "1".repeat(64), deliveryIds: [delivery] }))
      .toMatchObject({ attempted: 1, deferred: 1, retrying: 0, failed: 0, disabled: 0 });
    expect(receiver.received.filter((r) => r.path === "/ours")).toHaveLength(0);
    expect(await deliveryRow(delivery)).toEqual({ status: "pending", attempts: 0, lease_token: null, later: true, logged: 0 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: "active", restarted: false });

    // A host name whose resolver does not answer.
    const named = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: "https://hooks.example.com/sluice", events: ["webhook.test"], signingKey,
    });
    await database.db.execute(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = '${named.id}'`);
    const resolving = await emit(named.id, "ours_1");
    const resolverDown = { resolve: async () => { throw new Error("resolver answered 503"); } };
    expect(await deliverWebhooks({ ...settings(), policy: resolverDown, deliveryIds: [resolving] }))
      .toMatchObject({ attempted: 1, deferred: 1, failed: 0, disabled: 0 });
    expect(await deliveryRow(resolving)).toEqual({ status: "pending", attempts: 0, lease_token: null, later: true, logged: 0 });
    expect(await endpointRow(named.id)).toMatchObject({ status: "active" });

    // Once Sluice is well again, the delivery goes out.
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [delivery] })).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.received.filter((r) => r.path === "/ours")).toHaveLength(1);
  });

  // The attempt that disables an endpoint fails everything still pending on it, including a delivery another attempt of
  // the same run is still sending: that attempt's outcome must not put it back to pending (never sent again, never pruned).
  it("a delivery in flight while its endpoint is disabled stays failed when its own attempt is recorded", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/race"), events: ["webhook.test"], signingKey,
    });
    receiver.respond(() => 503);
    const earlier = await emit(endpoint.id, "race_0");
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [earlier] })).toMatchObject({ attempted: 1, retrying: 1 });
    // Failing without a break for a day: its next failure disables it.
    await database.db.execute(`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = '${endpoint.id}'`);
    const [first, second] = [await emit(endpoint.id, "race_1"), await emit(endpoint.id, "race_2")];
    let answered = 0;
    receiver.respond(async () => {
      // The first attempt fails at once (and disables the endpoint); the second answers only once that is recorded.
      if (answered++ === 0) return 503;
      for (let i = 0; i < 100 && (await endpointRow(endpoint.id)).status !== "disabled"; i++) await new Promise((r) => setTimeout(r, 50));
      return 503;
    });
    expect(await deliverWebhooks({ ...settings(), deliveryIds: [first!, second!] })).toMatchObject({ attempted: 2, disabled: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: "disabled" });
    for (const id of [first!, second!]) expect(await deliveryRow(id)).toMatchObject({ status: "failed", lease_token: null, logged: 1 });
    // The one failed by the disabling keeps why (its own attempt's error is in its attempt row).
    const errors = (await database.db.execute<{ last_error: string }>(`select last_error from webhook_deliveries where id in ('${first}', '${second}')`)).rows;
    expect(errors.map((r) => r.last_error)).toContain("endpoint disabled");
    const pending = await database.db.execute(`select id from webhook_deliveries where endpoint_id = '${endpoint.id}' and status = 'pending'`);
    expect(pending.rows).toEqual([]);
  });

  it("a receiver whose own DNS does not answer (the resolver answers other names) is the receiver's failure: retried, its failing clock started", async () => {
    const slow = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: "https://hooks.slow-dns.example/sluice", events: ["webhook.test"], signingKey,
    });
    const delivery = await emit(slow.id, "slow_dns_0");
    const timedOut = () => Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    // The partner's nameserver is too slow for the resolver's time limit; every other name resolves.
    const slowForOneHost = { resolve: async (host: string) => { if (host === "hooks.slow-dns.example") throw timedOut(); return ["93.184.216.34"]; } };
    expect(await deliverWebhooks({ ...settings(), policy: slowForOneHost, deliveryIds: [delivery] }))
      .toMatchObject({ attempted: 1, retrying: 1, deferred: 0, delivered: 0 });
    expect(await deliveryRow(delivery)).toMatchObject({ status: "pending", attempts: 1, lease_token: null, later: true, logged: 1 });
    expect(await endpointRow(slow.id)).toMatchObject({ status: "active", restarted: true });
    const [attempt] = (await database.db.execute<{ error: string; status_code: number | null }>(
      `select error, status_code from webhook_attempts where delivery_id = '${delivery}'`)).rows;
    expect(attempt).toMatchObject({ status_code: null, error: expect.stringContaining("hooks.slow-dns.example") });

    // The same timeout while the resolver answers nothing at all is still Sluice's: deferred, uncounted.
    const other = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: "https://hooks.other-dns.example/sluice", events: ["webhook.test"], signingKey,
    });
    const waiting = await emit(other.id, "slow_dns_1");
    const downForAll = { resolve: async () => { throw timedOut(); } };
    expect(await deliverWebhooks({ ...settings(), policy: downForAll, deliveryIds: [waiting] }))
      .toMatchObject({ attempted: 1, deferred: 1, retrying: 0 });
    expect(await deliveryRow(waiting)).toEqual({ status: "pending", attempts: 0, lease_token: null, later: true, logged: 0 });
    expect(await endpointRow(other.id)).toMatchObject({ status: "active", failing_since: null });
  });
});

describe("sendTestWebhook", () => {
  it("concurrent tests of one endpoint whose receiver fails make one delivery; the others answer 409 naming it", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/tested"), events: ["webhook.test"], signingKey,
    });
    receiver.respond((r) => (r.path === "/tested" ? 503 : 200));
    const settings = { signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000 };
    // One connection each, as requests on Workers have.
    const connections = Array.from({ length: 6 }, () => createDb({ url: database.url }));
    const answers = await Promise.allSettled(connections.map(({ db }) =>
      sendTestWebhook(db, settings, { accountId: "acc_lease", environment: "production" }, endpoint.id)));
    await Promise.all(connections.map(({ close }) => close()));
    const made = answers.filter((a) => a.status === "fulfilled");
    expect(made).toHaveLength(1);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === "rejected").map((a) => a.reason as { code: string; message: string });
    expect(refused.map((e) => e.code)).toEqual(Array(5).fill("CONFLICT"));
    expect(refused.every((e) => e.message.includes(made[0]!.value.id))).toBe(true);
    const rows = await database.db.execute<{ n: number }>(`select count(*)::int as n from webhook_deliveries where endpoint_id = '${endpoint.id}'`);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it("answers the test delivery's result while its receiver causes many other deliveries to the endpoint", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/busy"), events: ["webhook.test", "swap.executed"], signingKey,
    });
    // While the test is in flight, 60 events for the endpoint are written (more than a page of its delivery log).
    receiver.respond(async (r) => {
      if (r.path === "/busy" && r.json.type === "webhook.test") {
        await emitWebhookEvents(database.db, Array.from({ length: 60 }, (_, i) => ({
          type: "swap.executed" as const, accountId: "acc_lease", objectKey: `busy_${i}`, data: { i },
        })));
        return 202;
      }
      return 200;
    });
    const answer = await sendTestWebhook(database.db, { signingKey, policy: { allowLocalHttp: true }, timeoutMs: 4_000 },
      { accountId: "acc_lease", environment: "production" }, endpoint.id);
    expect(answer).toMatchObject({ eventType: "webhook.test", status: "delivered", attempts: 1, lastStatusCode: 202 });
    expect(answer.attemptLog).toHaveLength(1);
    const pending = await database.db.execute<{ n: number }>(`select count(*)::int as n from webhook_deliveries where endpoint_id = '${endpoint.id}' and status = 'pending'`);
    expect(pending.rows[0]!.n).toBe(60);
  });

  it("a delivery Sluice could not prepare for 7 days fails, without blaming the endpoint", async () => {
    const endpoint = await createWebhookEndpoint(database.db, {
      accountId: "acc_lease", environment: "production", url: receiver.url("/stale"), events: ["webhook.test"], signingKey,
    });
    const [delivery] = await emitWebhookEvents(database.db, [{
      type: "webhook.test", accountId: "acc_lease", objectKey: "stale_0", endpointId: endpoint.id, environment: "production" as const, data: {},
    }]);
    await database.db.execute(`update webhook_events set created_at = now() - interval '8 days' where id = (select event_id from webhook_deliveries where id = '${delivery}')`);
    expect(await deliverWebhooks({ db: database.db, signingKey: "1".repeat(64), policy: { allowLocalHttp: true }, deliveryIds: [delivery!] }))
      .toMatchObject({ attempted: 1, deferred: 1 });
    const [row] = (await database.db.execute<{ status: string; last_error: string; logged: number }>(
      `select status::text as status, last_error, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as logged
       from webhook_deliveries d where id = '${delivery}'`)).rows;
    expect(row).toEqual({ status: "failed", last_error: "not sent: Sluice could not prepare it for 7 days", logged: 0 });
    const [ep] = (await database.db.execute<{ status: string; failing_since: Date | null }>(`select status::text as status, failing_since from webhook_endpoints where id = '${endpoint.id}'`)).rows;
    expect(ep).toEqual({ status: "active", failing_since: null });
  });
});

