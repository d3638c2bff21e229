import { describe, expect, it } from "vitest";
import { markEventExecuted } from "@sluice/core";
import { admin, call, createPartner, currentMonth, insertEvents, testDb } from "@sluice/testkit";

const periodStart = (month: string) => `${month}-01T00:00:00+00:00`;

describe("GET /api/v1/rebates", () => {
  it.each([["177", 10, 0.177], ["10.005", 1000, 1.0005], ["246.9", 10, 0.2469]])(
    "rebate_usd is exactly volume_usd × rebate_bps / 10000 (%s USD at %i bps), never rounded to cents", async (volume, bps, rebate) => {
      const partner = await createPartner({ rebateBps: bps });
      await insertEvents({ accountId: partner.accountId, volumeUsd: volume });
      const [row] = (await call("/api/v1/rebates", { key: partner.key })).body.rebates;
      expect(row).toMatchObject({ volume_usd: Number(volume), rebate_bps: bps, rebate_usd: rebate });
    });

  it("a month past a JSON number's precision is exact in volume_usd_exact and rebate_usd_exact, every digit", async () => {
    const partner = await createPartner({ rebateBps: 17 });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "987654321.987654" }, { accountId: partner.accountId, volumeUsd: "0.000001" });
    const [row] = (await call("/api/v1/rebates", { key: partner.key })).body.rebates;
    // 987654321.987655 × 17 / 10000 = 1679012.3473790135: 17 significant digits, more than a double holds.
    expect(row).toMatchObject({ volume_usd_exact: "987654321.987655", rebate_usd_exact: "1679012.3473790135" });
    expect(String(row.rebate_usd)).not.toBe(row.rebate_usd_exact);
    expect(Math.abs(row.rebate_usd - 1679012.3473790135)).toBeLessThan(1e-6);
  });

  it("accrues the current month from executed, non-test solve volume only, exactly", async () => {
    const partner = await createPartner({ rebateBps: 15 });
    const me = partner.accountId;
    await insertEvents(
      { accountId: me, volumeUsd: "1234.5678" },
      { accountId: me, volumeUsd: "0.0001" },
      { accountId: me, volumeUsd: "500", isDryRun: true },
      { accountId: me, volumeUsd: "700", isTest: true },
      { accountId: me, volumeUsd: "900", eventType: "route" },
    );
    const response = await call("/api/v1/rebates", { key: partner.key });
    expect(response.status).toBe(200);
    // Exact, as the interface defines it: 1234.5679 * 15 / 10000 = 1.85185185
    expect(response.body).toEqual({
      ok: true,
      rebates: [{
        period: "monthly", period_start: periodStart(currentMonth()), volume_usd: 1234.5679, rebate_bps: 15,
        rebate_usd: 1.85185185, volume_usd_exact: "1234.5679", rebate_usd_exact: "1.85185185", status: "accrued", kind: "volume",
      }],
    });
  });

  it("follows the volume and the rate as they change, and an operator's test marking", async () => {
    const partner = await createPartner({ rebateBps: 10 });
    const [first] = await insertEvents({ accountId: partner.accountId, volumeUsd: "1000" });
    const rebate = async () => (await call("/api/v1/rebates", { key: partner.key })).body.rebates[0];
    expect(await rebate()).toMatchObject({ volume_usd: 1000, rebate_usd: 1 });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "3000" });
    expect(await rebate()).toMatchObject({ volume_usd: 4000, rebate_usd: 4 });
    await admin(`/admin/v1/accounts/${partner.slug}`, { method: "PATCH", body: { rebateBps: 25 } });
    expect(await rebate()).toMatchObject({ volume_usd: 4000, rebate_bps: 25, rebate_usd: 10 });
    await admin(`/admin/v1/accounts/${partner.slug}/events/mark-test`, { body: { eventIds: [first!.id] } });
    expect(await rebate()).toMatchObject({ volume_usd: 3000, rebate_usd: 7.5 });
  });

  it("an inactive account accrues nothing (and accrues again once reactivated)", async () => {
    const partner = await createPartner({ rebateBps: 10, rebateActive: false });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "1000" });
    expect((await call("/api/v1/rebates", { key: partner.key })).body).toEqual({ ok: true, rebates: [] });
    await admin(`/admin/v1/accounts/${partner.slug}`, { method: "PATCH", body: { rebateActive: true } });
    expect((await call("/api/v1/rebates", { key: partner.key })).body.rebates).toHaveLength(1);
  });

  it("counts an encode-only solve once confirmed, in the month of the confirmation", async () => {
    const partner = await createPartner({ rebateBps: 100 });
    const [encoded] = await insertEvents({ accountId: partner.accountId, volumeUsd: "10", isDryRun: true, occurredAt: "2024-02-10T00:00:00Z" });
    expect((await call("/api/v1/rebates", { key: partner.key })).body.rebates).toEqual([]);
    await markEventExecuted({ db: testDb() }, { eventId: encoded!.id, txHash: `0x${"ab".repeat(32)}` });
    expect((await call("/api/v1/rebates", { key: partner.key })).body.rebates).toEqual([
      expect.objectContaining({ period_start: periodStart(currentMonth()), volume_usd: 10, rebate_usd: 0.1, status: "accrued" }),
    ]);
  });

  it("gives the referrer one referral row per referred account and month, showing only the referred id", async () => {
    const referrer = await createPartner({ rebateBps: 5 });
    const [a, b] = await Promise.all([
      createPartner({ rebateBps: 20, referrerSlug: referrer.slug, referralBps: 10 }),
      createPartner({ rebateBps: 30, referrerSlug: referrer.slug, referralBps: 40 }),
    ]);
    await insertEvents(
      { accountId: a.accountId, volumeUsd: "1000", occurredAt: "2024-03-05T00:00:00Z" },
      { accountId: a.accountId, volumeUsd: "1000", occurredAt: "2024-04-05T00:00:00Z" },
      { accountId: a.accountId, volumeUsd: "5000", isTest: true, occurredAt: "2024-04-06T00:00:00Z" },
      { accountId: b.accountId, volumeUsd: "2500", occurredAt: "2024-04-07T00:00:00Z" },
      { accountId: referrer.accountId, volumeUsd: "100", occurredAt: "2024-04-08T00:00:00Z" },
    );
    const rows = (await call("/api/v1/rebates", { key: referrer.key })).body.rebates;
    expect(rows).toEqual(expect.arrayContaining([
      { period: "monthly", period_start: periodStart("2024-04"), volume_usd: 100, rebate_bps: 5, rebate_usd: 0.05, volume_usd_exact: "100", rebate_usd_exact: "0.05", status: "accrued", kind: "volume" },
      { period: "monthly", period_start: periodStart("2024-04"), volume_usd: 1000, rebate_bps: 10, rebate_usd: 1, volume_usd_exact: "1000", rebate_usd_exact: "1", status: "accrued", kind: "referral", source_account_id: a.accountId },
      { period: "monthly", period_start: periodStart("2024-04"), volume_usd: 2500, rebate_bps: 40, rebate_usd: 10, volume_usd_exact: "2500", rebate_usd_exact: "10", status: "accrued", kind: "referral", source_account_id: b.accountId },
      { period: "monthly", period_start: periodStart("2024-03"), volume_usd: 1000, rebate_bps: 10, rebate_usd: 1, volume_usd_exact: "1000", rebate_usd_exact: "1", status: "accrued", kind: "referral", source_account_id: a.accountId },
    ]));
    expect(rows).toHaveLength(4);
    expect(rows[0].period_start).toBe(periodStart("2024-04")); // newest month first
    // the referrer learns the referred account's id, nothing else of it
    expect(Object.keys(rows.find((r: any) => r.kind === "referral"))).not.toContain("account_id");
    // the referred account sees only its own volume row; never the referrer's rows
    const seenByA = (await call("/api/v1/rebates", { key: a.key })).body.rebates;
    expect(seenByA.map((r: any) => [r.kind, r.period_start, r.volume_usd, r.rebate_usd])).toEqual([
      ["volume", periodStart("2024-04"), 1000, 2], ["volume", periodStart("2024-03"), 1000, 2],
    ]);
    expect(JSON.stringify(seenByA)).not.toContain(referrer.accountId);
    expect(JSON.stringify(seenByA)).not.toContain(b.accountId);
    // filtered by month
    const march = (await call("/api/v1/rebates?period=2024-03", { key: referrer.key })).body.rebates;
    expect(march).toEqual([expect.objectContaining({ kind: "referral", source_account_id: a.accountId })]);
  });

  it("an inactive referrer earns no referral rows", async () => {
    const referrer = await createPartner({ rebateActive: false });
    const referred = await createPartner({ referrerSlug: referrer.slug, referralBps: 10 });
    await insertEvents({ accountId: referred.accountId, volumeUsd: "1000" });
    expect((await call("/api/v1/rebates", { key: referrer.key })).body.rebates).toEqual([]);
    expect((await call("/api/v1/rebates", { key: referred.key })).body.rebates).toHaveLength(1);
  });
});
