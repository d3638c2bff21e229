import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { pruneWebhookHistory } from "@sluice/core";
import { admin, call, createPartner, hasValidSignature, insertEvents, query, startWebhookReceiver, testDb, type WebhookReceiver } from "@sluice/testkit";

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(() => receiver?.stop());

async function endpointAt(path: string) {
  const partner = await createPartner();
  const created = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url(path), events: ["swap.executed"] } });
  expect(created.status).toBe(200);
  return { partner, id: created.body.webhook.id as string, secret: created.body.webhook.secret as string };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const deliveries = async (key: string, id: string) => (await call(`/api/v1/webhooks/${id}/deliveries`, { key })).body.deliveries as any[];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("retries (the local stack retries after 1 s, 2 s, 4 s …; production after 30 s, doubling to an hour, for 24 h)", () => {
  it("after two 500s the third attempt delivers the same event, same body and id; nothing is sent after success", async () => {
    const path = "/flaky";
    const { partner, id, secret } = await endpointAt(path);
    receiver.respond((r) => (r.path === path && at(path).length <= 2 ? 500 : 200));
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(tested.body.delivery).toMatchObject({ status: "pending", last_status_code: 500, last_error: "HTTP 500", next_attempt_at: expect.any(String) });
    await receiver.waitFor(() => at(path).length >= 3, 20_000);
    await sleep(3000);
    const got = at(path);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(new Set(got.map((r) => r.headers["x-sluice-event-id"]))).toEqual(new Set([tested.body.delivery.event_id]));
    for (const r of got) expect(hasValidSignature(secret, r)).toBe(true);
    // Backoff: never sooner than scheduled — 1 s then 2 s here (each ±10 % jitter); arrival gaps beyond that
    // depend on the delivery tick and the machine, so only the floors are checked.
    expect(got[1]!.receivedAt - got[0]!.receivedAt).toBeGreaterThanOrEqual(900);
    expect(got[2]!.receivedAt - got[1]!.receivedAt).toBeGreaterThanOrEqual(1_800);
    const [delivery] = await deliveries(partner.key, id);
    expect(delivery).toMatchObject({ status: "delivered", last_status_code: 200, completed_at: expect.any(String), next_attempt_at: null });
    expect(delivery.attempts.map((a: any) => [a.attempt, a.status_code])).toEqual([[1, 500], [2, 500], [3, 200]]);
    expect(delivery.attempts.every((a: any) => Number.isInteger(a.latency_ms) && a.latency_ms >= 0)).toBe(true);
  });

  it("an attempt that gets no answer in time is cut off and retried", async () => {
    const path = "/slow";
    const { partner, id } = await endpointAt(path);
    receiver.respond((r) => (r.path === path && at(path).length === 1 ? "hang" : 200));
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(tested.body.delivery).toMatchObject({ status: "pending", last_status_code: null, last_error: "timed out after 3000 ms" });
    expect(tested.body.delivery.attempts[0].latency_ms).toBeGreaterThanOrEqual(2900);
    await receiver.waitFor(() => at(path).length >= 2, 20_000);
    await sleep(1500);
    const [delivery] = await deliveries(partner.key, id);
    expect(delivery.status).toBe("delivered");
    expect(delivery.attempts.map((a: any) => a.status_code)).toEqual([null, 200]);
  });

  it("redirects are not followed: a 302 is a failed attempt and its target never hears anything", async () => {
    const path = "/moved";
    const { partner, id } = await endpointAt(path);
    receiver.respond((r) => (r.path === path ? { status: 302, headers: { location: receiver.url("/elsewhere") } } : 200));
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(tested.body.delivery).toMatchObject({ status: "pending", last_status_code: 302, last_error: "redirect (302) not followed" });
    await sleep(2500);
    expect(at("/elsewhere")).toEqual([]);
    // A large answer is read no further than a small cap: the attempt still completes promptly.
    receiver.respond((r) => (r.path === path ? { status: 200, body: "x".repeat(5_000_000) } : 200));
    await receiver.waitFor(() => at(path).length >= 3, 20_000);
    await sleep(1500);
    expect((await deliveries(partner.key, id))[0].status).toBe("delivered");
  });

  it("a test while an earlier one is still pending (its receiver failing) is refused with 409 and sends nothing; once delivered, another goes", async () => {
    const path = "/retesting";
    const { partner, id } = await endpointAt(path);
    let up = false;
    receiver.respond((r) => (r.path === path ? (up ? 200 : 503) : 200));
    const first = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(first.body.delivery.status).toBe("pending");
    const sent = at(path).length;
    const again = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    expect(again.body.error).toContain(first.body.delivery.id);
    expect(at(path)).toHaveLength(sent);
    expect(await deliveries(partner.key, id)).toHaveLength(1);
    up = true;
    await receiver.waitFor(() => at(path).length > sent, 20_000);
    await sleep(1500);
    expect((await deliveries(partner.key, id))[0].status).toBe("delivered");
    expect((await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" })).body.delivery.status).toBe("delivered");
  });

  it("an endpoint failing for 24 hours is disabled, its owner sees why, and it gets nothing more", async () => {
    const path = "/down";
    const { partner, id } = await endpointAt(path);
    receiver.respond((r) => (r.path === path ? 503 : 200));
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(tested.body.delivery.status).toBe("pending");
    const [listed] = (await call("/api/v1/webhooks", { key: partner.key })).body.webhooks;
    expect(listed).toMatchObject({ status: "active", failing_since: expect.any(String) });
    // A day of failures, without waiting a day: the endpoint has been failing since 25 hours ago.
    await query("update webhook_endpoints set failing_since = now() - interval '25 hours' where id = $1", [id]);
    const before = at(path).length;
    await receiver.waitFor(() => at(path).length > before, 20_000);
    await sleep(1500);
    const [disabled] = (await call("/api/v1/webhooks", { key: partner.key })).body.webhooks;
    expect(disabled).toMatchObject({ status: "disabled", disabled_at: expect.any(String) });
    expect(disabled.disabled_reason).toBe("Every delivery attempt failed for 24 hours; the last: HTTP 503");
    const [delivery] = await deliveries(partner.key, id);
    expect(delivery).toMatchObject({ status: "failed", next_attempt_at: null });
    const count = at(path).length;
    await sleep(3000);
    expect(at(path)).toHaveLength(count);
    expect(await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" })).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
  });

  it("a delivery still failing 24 hours after its event is given up, and a success clears the endpoint's failing state", async () => {
    const path = "/late";
    const { partner, id } = await endpointAt(path);
    receiver.respond((r) => (r.path === path ? 500 : 200));
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    await query("update webhook_events set created_at = now() - interval '25 hours' where id = $1", [tested.body.delivery.event_id]);
    const before = at(path).length;
    await receiver.waitFor(() => at(path).length > before, 20_000);
    await sleep(1500);
    expect((await deliveries(partner.key, id))[0]).toMatchObject({ status: "failed", last_status_code: 500 });
    receiver.respond(() => 200);
    const ok = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(ok.body.delivery.status).toBe("delivered");
    expect((await call("/api/v1/webhooks", { key: partner.key })).body.webhooks[0]).toMatchObject({ status: "active", failing_since: null });
  });
});

describe("in normal operation nothing is sent twice", () => {
  it("many deliverers at once (the cron, requests' background work, the operator) send each event exactly once", async () => {
    const partner = await createPartner();
    const created = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url("/busy"), events: ["swap.failed"] } });
    expect(created.status).toBe(200);
    // Slow answers, so the deliverers' runs overlap.
    receiver.respond(async () => { await sleep(300); return 200; });
    const old = new Date(Date.now() - 3 * 3600_000).toISOString();
    await insertEvents(...Array.from({ length: 20 }, (_, i) => ({
      accountId: partner.accountId, volumeUsd: `${i + 1}`, outcome: "pending" as const, txHash: `0x${randomBytes(32).toString("hex")}`, occurredAt: old,
    })));
    // A usage read fails the 20 dropped solves (20 swap.failed events); 6 operator runs race the background delivery and the ticker.
    await Promise.all([
      call("/api/v1/usage", { key: partner.key }),
      ...Array.from({ length: 6 }, async (_, i) => { await sleep(i * 100); return admin("/admin/v1/webhooks/deliver", { method: "POST" }); }),
    ]);
    await receiver.waitFor(() => at("/busy").length >= 20, 30_000);
    await sleep(3000);
    const ids = at("/busy").map((r) => r.json.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await query("select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1", [created.body.webhook.id]))
      .toEqual([{ n: 20 }]);
  });
});

describe("history", () => {
  it("finished deliveries older than 30 days are forgotten with their attempts; pending ones are kept", async () => {
    const partner = await createPartner();
    const created = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url("/history"), events: ["swap.failed"] } });
    const id = created.body.webhook.id;
    receiver.respond((r) => (r.path === "/history" && at("/history").length > 1 ? 500 : 200));
    const done = (await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" })).body.delivery;
    const pending = (await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" })).body.delivery;
    expect([done.status, pending.status]).toEqual(["delivered", "pending"]);
    await query("update webhook_events set created_at = now() - interval '31 days' where id = any($1)", [[done.event_id, pending.event_id]]);
    expect(await pruneWebhookHistory(testDb())).toBeGreaterThanOrEqual(1);
    expect((await call(`/api/v1/webhooks/${id}/deliveries`, { key: partner.key })).body.deliveries.map((d: any) => d.id)).toEqual([pending.id]);
    expect(await query("select count(*)::int as n from webhook_attempts where delivery_id = $1", [done.id])).toEqual([{ n: 0 }]);
  });
});
