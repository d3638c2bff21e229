import { describe, expect, it } from "vitest";
import { call, createPartner, insertEvents } from "@sluice/testkit";

describe("GET /api/v1/usage", () => {
  it("answers the account's events newest first with the interface's fields", async () => {
    const partner = await createPartner();
    await insertEvents(
      { accountId: partner.accountId, volumeUsd: "10.005", occurredAt: "2026-03-01T10:00:00Z" },
      { accountId: partner.accountId, volumeUsd: "20", eventType: "route", occurredAt: "2026-03-02T10:00:00Z" },
      { accountId: partner.accountId, volumeUsd: "0.004", isDryRun: true, isTest: true, occurredAt: "2026-03-03T10:00:00Z" },
    );
    const response = await call("/api/v1/usage", { key: partner.key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, total_volume_usd: 30.01, next_cursor: null });
    expect(response.body.events.map((e: any) => [e.event_type, e.volume_usd, e.is_dry_run, e.is_test, e.created_at])).toEqual([
      ["solve", 0, true, true, "2026-03-03T10:00:00.000Z"],
      ["route", 20, false, false, "2026-03-02T10:00:00.000Z"],
      ["solve", 10.01, false, false, "2026-03-01T10:00:00.000Z"],
    ]);
  });

  it("splits the total by status, so executed volume shows at a glance; each event says its status and transaction", async () => {
    const partner = await createPartner();
    const [executed] = await insertEvents(
      { accountId: partner.accountId, volumeUsd: "100" },
      { accountId: partner.accountId, volumeUsd: "7", eventType: "route" },
      { accountId: partner.accountId, volumeUsd: "20", isDryRun: true },
      { accountId: partner.accountId, volumeUsd: "3", outcome: "pending" },
      { accountId: partner.accountId, volumeUsd: "0.5", outcome: "failed" },
    );
    const response = await call("/api/v1/usage", { key: partner.key });
    expect(response.body).toMatchObject({
      total_volume_usd: 130.5, totals_by_type: { quoted: 7, encoded: 20, pending: 3, executed: 100, failed: 0.5 },
    });
    expect(response.body.events.find((e: any) => e.id === executed!.id)).toMatchObject({ status: "executed", tx_hash: executed!.txHash });
    expect(response.body.events.map((e: any) => e.status).sort()).toEqual(["encoded", "executed", "failed", "pending", "quoted"]);
  });

  it("sums the total exactly in Postgres over all matching events, not the page (no float drift)", async () => {
    const partner = await createPartner();
    await insertEvents(...Array.from({ length: 30 }, (_, i) => ({
      accountId: partner.accountId, volumeUsd: "0.1", occurredAt: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(),
    })));
    const response = await call("/api/v1/usage?limit=5", { key: partner.key });
    expect(response.body.events).toHaveLength(5);
    expect(response.body.total_volume_usd).toBe(3); // 30 * 0.1 summed as floats would be 3.0000000000000013
  });

  it("filters by UTC month (boundaries at midnight) and by event type", async () => {
    const partner = await createPartner();
    await insertEvents(
      { accountId: partner.accountId, volumeUsd: "1", occurredAt: "2026-01-31T23:59:59.999Z" },
      { accountId: partner.accountId, volumeUsd: "2", occurredAt: "2026-02-01T00:00:00.000Z" },
      { accountId: partner.accountId, volumeUsd: "4", occurredAt: "2026-02-28T23:59:59.999Z", eventType: "route" },
      { accountId: partner.accountId, volumeUsd: "8", occurredAt: "2026-03-01T00:00:00.000Z" },
    );
    const february = await call("/api/v1/usage?period=2026-02", { key: partner.key });
    expect(february.body.events.map((e: any) => e.volume_usd)).toEqual([4, 2]);
    expect(february.body.total_volume_usd).toBe(6);
    const january = await call("/api/v1/usage?period=2026-01", { key: partner.key });
    expect(january.body.events.map((e: any) => e.created_at)).toEqual(["2026-01-31T23:59:59.999Z"]);
    const solves = await call("/api/v1/usage?period=2026-02&event_type=solve", { key: partner.key });
    expect(solves.body).toMatchObject({ total_volume_usd: 2, events: [{ volume_usd: 2, event_type: "solve" }] });
    const routes = await call("/api/v1/usage?event_type=route", { key: partner.key });
    expect(routes.body.events.map((e: any) => e.volume_usd)).toEqual([4]);
    expect((await call("/api/v1/usage?period=2025-12", { key: partner.key })).body).toEqual({
      ok: true, events: [], total_volume_usd: 0, totals_by_type: { quoted: 0, encoded: 0, pending: 0, executed: 0, failed: 0 }, next_cursor: null,
    });
  });

  it("pages with the cursor through every event exactly once, ties in time included", async () => {
    const partner = await createPartner();
    const sameInstant = "2026-04-10T12:00:00.000Z";
    const inserted = await insertEvents(...Array.from({ length: 23 }, (_, i) => ({
      accountId: partner.accountId, volumeUsd: String(i + 1),
      occurredAt: i % 3 === 0 ? sameInstant : new Date(Date.UTC(2026, 3, 1 + i)).toISOString(),
    })));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: { status: number; body: Record<string, any> } = await call(`/api/v1/usage?limit=5${cursor ? `&cursor=${cursor}` : ""}`, { key: partner.key });
      expect(response.status).toBe(200);
      expect(response.body.total_volume_usd).toBe(276);
      seen.push(...response.body.events.map((e: any) => e.id));
      cursor = response.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(23);
    expect(seen.sort()).toEqual(inserted.map((e) => e.id).sort());
  });

  it("defaults to 100 events and allows up to 1000", async () => {
    const partner = await createPartner();
    await insertEvents(...Array.from({ length: 120 }, () => ({ accountId: partner.accountId, volumeUsd: "1" })));
    const byDefault = await call("/api/v1/usage", { key: partner.key });
    expect(byDefault.body.events).toHaveLength(100);
    expect(byDefault.body.next_cursor).toEqual(expect.any(String));
    const all = await call("/api/v1/usage?limit=1000", { key: partner.key });
    expect(all.body.events).toHaveLength(120);
    expect(all.body.next_cursor).toBeNull();
  });

  it("an account never sees another account's events", async () => {
    const [a, b] = await Promise.all([createPartner(), createPartner()]);
    const [ofB] = await insertEvents({ accountId: b.accountId, volumeUsd: "99" });
    await insertEvents({ accountId: a.accountId, volumeUsd: "1" });
    const seenByA = await call("/api/v1/usage", { key: a.key });
    expect(seenByA.body.total_volume_usd).toBe(1);
    expect(JSON.stringify(seenByA.body)).not.toContain(ofB!.id);
    // a cursor made from another account's page reveals nothing either
    await insertEvents({ accountId: b.accountId, volumeUsd: "5" });
    const pageOfB = await call("/api/v1/usage?limit=1", { key: b.key });
    const withForeignCursor = await call(`/api/v1/usage?cursor=${pageOfB.body.next_cursor}`, { key: a.key });
    expect(withForeignCursor.body.events.every((e: any) => e.volume_usd === 1)).toBe(true);
  });
});
