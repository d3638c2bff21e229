import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swapWithPermit } from "@sluice/core/client";
import {
  admin, call, connection, createPartner, faults, hasValidSignature, insertEvents, newUser, query, reader, startWebhookReceiver,
  walletOf, withOutage, type WebhookReceiver,
} from "@sluice/testkit";

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(() => receiver?.stop());

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function subscriber(path: string, events: string[]) {
  const partner = await createPartner({ rebateBps: 10 });
  const created = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url(path), events } });
  expect(created.status).toBe(200);
  return { ...partner, id: created.body.webhook.id as string, secret: created.body.webhook.secret as string };
}

/**
 * `receiver.waitFor`, and when it times out, the endpoint's deliveries as Postgres holds them (status, attempts, lease,
 * next attempt, each attempt's outcome) in the error: a run that fails on a loaded machine says why.
 */
async function waitForDeliveries(endpointId: string, predicate: Parameters<WebhookReceiver["waitFor"]>[0], timeoutMs: number) {
  try {
    return await receiver.waitFor(predicate, timeoutMs);
  } catch (error) {
    const explain = async () => ({
      endpoint: await query("select status, failing_since from webhook_endpoints where id = $1", [endpointId]),
      deliveries: await query(`
        select d.id, d.status, d.attempts, d.lease_until, d.next_attempt_at, d.last_error, now() as now,
          (select json_agg(json_build_object('attempt', a.attempt, 'status', a.status_code, 'error', a.error, 'at', a.attempted_at) order by a.attempt)
            from webhook_attempts a where a.delivery_id = d.id) as attempts_made
        from webhook_deliveries d where d.endpoint_id = $1 order by d.created_at`, [endpointId]),
      // Rows a transaction holds locked are skipped by every claim: those not returned here are.
      unlocked: await query("select id from webhook_deliveries where endpoint_id = $1 for update skip locked", [endpointId]),
      // Open transactions and running statements on this database, but for this one.
      sessions: await query(`select state, now() - xact_start as open_for, left(query, 120) as query from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`),
    });
    const rows = await explain().catch((e: unknown) => String(e));
    throw new Error(`${(error as Error).message}; in Postgres: ${JSON.stringify(rows)}`);
  }
}

/** Event ids the receiver answered 2xx for, with how many times each was accepted. */
const accepted = (path: string, answered: Map<string, number>) => [...answered].filter(([key]) => key.startsWith(`${path} `));

describe("no delivery is lost when a dependency is down", () => {
  it("Postgres down between the events and their delivery: everything arrives once it is back, each event accepted once", async () => {
    const path = "/pg-later";
    const p = await subscriber(path, ["rebate.settled"]);
    const other = await createPartner({ rebateBps: 20, referrerSlug: p.slug, referralBps: 5 });
    const answered = new Map<string, number>();
    let up = false;
    receiver.respond((r) => {
      if (r.path !== path) return 200;
      if (!up) return 503;
      answered.set(`${path} ${r.json.id}`, (answered.get(`${path} ${r.json.id}`) ?? 0) + 1);
      return 200;
    });
    await insertEvents(
      { accountId: p.accountId, volumeUsd: "10", occurredAt: "2004-01-10T00:00:00Z" },
      { accountId: other.accountId, volumeUsd: "30", occurredAt: "2004-01-10T00:00:00Z" },
    );
    await admin("/admin/v1/settlements", { body: { month: "2004-01" } });
    const test = await call(`/api/v1/webhooks/${p.id}/test`, { key: p.key, method: "POST" });
    expect(test.body.delivery.status).toBe("pending");
    await receiver.waitFor(() => at(path).length >= 3, 20_000); // every event tried at least once, refused by the receiver
    await withOutage(faults.postgres, async () => {
      await sleep(1500); // attempts claimed just before the cut arrive (and are refused) first
      up = true; // the receiver recovers, but Sluice cannot read its outbox now
      const before = at(path).length;
      await sleep(4000);
      expect(at(path).length).toBe(before); // nothing can be claimed while Postgres is down
    });
    // The attempts claimed just before the cut are sent again once their claim lapses (30 s after it was made).
    await waitForDeliveries(p.id, () => accepted(path, answered).length === 3, 50_000);
    await sleep(3000);
    expect(accepted(path, answered).map(([, n]) => n)).toEqual([1, 1, 1]);
    const types = at(path).filter((r) => answered.has(`${path} ${r.json.id}`)).map((r) => r.json.type);
    expect(new Set(types)).toEqual(new Set(["rebate.settled", "webhook.test"]));
    for (const r of at(path)) expect(hasValidSignature(p.secret, r)).toBe(true);
  }, 120_000);

  it("Postgres lost while an attempt is in flight: the delivery is not lost; it is sent again once the claim lapses (at least once, same event id)", async () => {
    const path = "/pg-mid";
    const p = await subscriber(path, ["rebate.settled"]);
    let cut = false;
    receiver.respond(async (r) => {
      if (r.path === path && !cut) {
        cut = true;
        await faults.postgres.down(); // the receiver accepted it, but Sluice cannot record that
        setTimeout(() => { void faults.postgres.up(); }, 3000);
      }
      return 200;
    });
    try {
      await insertEvents({ accountId: p.accountId, volumeUsd: "10", occurredAt: "2004-02-10T00:00:00Z" });
      expect((await admin("/admin/v1/settlements", { body: { month: "2004-02" } })).body.settlement.status).toBe("settled");
      await receiver.waitFor(() => at(path).length >= 2, 60_000);
    } finally {
      await faults.postgres.up();
    }
    const got = at(path);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1); // the same event, redelivered: receivers deduplicate by id
    expect(got[1]!.body).toBe(got[0]!.body);
    await sleep(2000);
    const [delivery] = (await call(`/api/v1/webhooks/${p.id}/deliveries`, { key: p.key })).body.deliveries;
    expect(delivery).toMatchObject({ status: "delivered", event_type: "rebate.settled" });
    expect(at(path)).toHaveLength(2);
  }, 120_000);

  it("Redis down: endpoints are managed, events written and delivered as usual (webhooks never need Redis)", async () => {
    const path = "/redis-down";
    const p = await subscriber(path, ["rebate.settled"]);
    receiver.respond(() => 200);
    await withOutage(faults.redis, async () => {
      const second = await call("/api/v1/webhooks", { key: p.key, body: { url: receiver.url(`${path}/2`), events: ["rebate.settled"] } });
      expect(second.status).toBe(200);
      await insertEvents({ accountId: p.accountId, volumeUsd: "10", occurredAt: "2004-03-10T00:00:00Z" });
      expect((await admin("/admin/v1/settlements", { body: { month: "2004-03" } })).body.settlement.status).toBe("settled");
      await receiver.waitFor(() => at(path).length === 1 && at(`${path}/2`).length === 1, 30_000);
      expect((await call(`/api/v1/webhooks/${p.id}/test`, { key: p.key, method: "POST" })).body.delivery.status).toBe("delivered");
    });
    expect(hasValidSignature(p.secret, at(path)[0]!)).toBe(true);
  }, 120_000);

  it("a gasless swap sent while Postgres is down is announced once Postgres is back (usage outbox → finaliser → webhook)", async () => {
    const path = "/swap-outage";
    const p = await subscriber(path, ["swap.executed"]);
    receiver.respond(() => 200);
    const user = await newUser("base", "USDC", "30");
    expect((await call("/api/v1/account", { key: p.key })).status).toBe(200); // the key is cached in Redis
    const result = await withOutage(faults.postgres, async () => {
      const swapped = await swapWithPermit(connection(p.key), {
        from: "USDC", to: "WETH", amount: "30", chain: "base", wallet: walletOf("base", user.account), reader: reader("base"),
      });
      await sleep(3000);
      expect(at(path)).toEqual([]);
      return swapped;
    });
    expect(result.solve, JSON.stringify(result.solve)).toMatchObject({ ok: true });
    // The usage event waited in Redis; the drain writes it, a read of usage (or the cron) finalises it from its receipt.
    await admin("/admin/v1/usage/outbox/drain", { method: "POST" });
    const usage = (await call("/api/v1/usage?event_type=solve", { key: p.key })).body.events;
    expect(usage).toEqual([expect.objectContaining({ status: "executed" })]);
    const [got] = await waitForDeliveries(p.id, () => at(path).length === 1, 30_000).then(() => at(path));
    expect(got!.json).toMatchObject({ type: "swap.executed", data: usage[0] });
    expect(await query("select count(*)::int as n from webhook_events where account_id = $1", [p.accountId])).toEqual([{ n: 1 }]);
  }, 180_000);
});
