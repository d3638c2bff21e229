import { describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import { createDb, redisKeys } from "@sluice/core";
import { randomBytes } from "node:crypto";
import { admin, call } from "@sluice/testkit";

const slug = () => `a-${randomBytes(5).toString("hex")}`;

describe("admin API", () => {
  it("creates an account with a referrer, issues keys of each kind, lists them without secrets", async () => {
    const referrer = slug();
    expect((await admin("/admin/v1/accounts", { body: { slug: referrer, name: "Referrer" } })).status).toBe(200);
    const s = slug();
    const created = await admin("/admin/v1/accounts", {
      body: { slug: s, name: "Referred", rebateBps: 12, rebateActive: true, referrerSlug: referrer, referralBps: 3 },
    });
    expect(created.status).toBe(200);
    expect(created.body.account).toMatchObject({ slug: s, rebateBps: 12, referralBps: 3 });
    expect(created.body.account.referrerId).toMatch(/^acc_/);

    const prod = await admin(`/admin/v1/accounts/${s}/keys`, { body: { environment: "production", name: "main" } });
    const sandbox = await admin(`/admin/v1/accounts/${s}/keys`, { body: { environment: "sandbox" } });
    const test = await admin(`/admin/v1/accounts/${s}/keys`, { body: { isTest: true, rateLimitPerMinute: 50 } });
    for (const issued of [prod, sandbox, test]) {
      expect(issued.status).toBe(200);
      expect(issued.body.key).toMatch(/^[0-9a-f]{40}$/);
      expect(issued.body.apiKey.prefix).toBe(issued.body.key.slice(0, 8));
    }
    expect(test.body.apiKey).toMatchObject({ isTest: true, rateLimitPerMinute: 50, environment: "production" });

    const listed = await admin(`/admin/v1/accounts/${s}/keys`);
    expect(listed.body.keys).toHaveLength(3);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(prod.body.key);
    expect(text).not.toContain("keyHash");

    const revoked = await admin(`/admin/v1/keys/${prod.body.apiKey.id}/revoke`, { method: "POST" });
    expect(revoked.body.key.revokedAt).toBeTruthy();
    const again = await admin(`/admin/v1/keys/${prod.body.apiKey.id}/revoke`, { method: "POST" });
    expect(again.body.key.revokedAt).toBe(revoked.body.key.revokedAt);
    expect((await call("/api/v1/account", { key: prod.body.key })).status).toBe(401);
    expect((await call("/api/v1/account", { key: test.body.key })).status).toBe(200);
  });

  it("changes rates and removes a referral", async () => {
    const referrer = slug();
    const s = slug();
    await admin("/admin/v1/accounts", { body: { slug: referrer, name: "R" } });
    await admin("/admin/v1/accounts", { body: { slug: s, name: "S", referrerSlug: referrer, referralBps: 5 } });
    const updated = await admin(`/admin/v1/accounts/${s}`, { method: "PATCH", body: { rebateBps: 30, referrerSlug: null } });
    expect(updated.status).toBe(200);
    expect(updated.body.account).toMatchObject({ rebateBps: 30, referrerId: null, referralBps: 0 });
    const read = await admin(`/admin/v1/accounts/${s}`);
    expect(read.body.account.rebateBps).toBe(30);
  });

  it("marks events as test traffic (none yet: zero updated)", async () => {
    const s = slug();
    await admin("/admin/v1/accounts", { body: { slug: s, name: "S" } });
    const marked = await admin(`/admin/v1/accounts/${s}/events/mark-test`, {
      body: { from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z" },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ ok: true, updated: 0 });
  });

  it("lists the usage events the drain parked, and puts chosen ones back into the outbox, whose drain writes them", async () => {
    const redis = new Redis(inject("stack").redisUrl);
    try {
      const s = slug();
      const account = (await admin("/admin/v1/accounts", { body: { slug: s, name: "Parked" } })).body.account;
      const id = `evt_parked${randomBytes(6).toString("hex")}`;
      const event = { id, accountId: account.id, apiKeyId: null, eventType: "route", chain: "base", volumeUsd: "1", isDryRun: false, isTest: false, txHash: null, outcome: null, occurredAt: new Date().toISOString() };
      const reason = "events: accountId or apiKeyId names no account";
      await redis.hset(redisKeys.usageDeadLetter, id, JSON.stringify({ event, reason }));
      const listed = await admin("/admin/v1/usage/outbox/dead");
      expect(listed.status).toBe(200);
      expect(listed.body.events).toContainEqual({ id, reason, event });
      const replayed = await admin("/admin/v1/usage/outbox/dead/replay", { body: { ids: [id, "evt_not_parked"] } });
      expect(replayed.body).toEqual({ ok: true, replayed: 1 });
      expect(await redis.hexists(redisKeys.usageDeadLetter, id)).toBe(0);
      expect((await admin("/admin/v1/usage/outbox/drain", { method: "POST" })).status).toBe(200);
      expect(await redis.hexists(redisKeys.usageOutbox, id)).toBe(0);
      const { db, close } = createDb({ url: inject("stack").databaseUrl });
      try {
        const raw = (db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { n: number }[] }> } }).$client;
        expect((await raw.query("select count(*)::int as n from usage_events where id = $1", [id])).rows[0]!.n).toBe(1);
      } finally {
        await close();
      }
      expect((await admin("/admin/v1/usage/outbox/dead/replay", { body: { ids: 5 } })).status).toBe(400);
    } finally {
      redis.disconnect();
    }
  });
});
