import { describe, expect, inject, it } from "vitest";
import { createDb, settleMonth } from "@sluice/core";
import { admin, call, createPartner, currentMonth, insertEvents, query, rawClient } from "@sluice/testkit";

// Settlement closes a month for every account at once, so each test here owns its months (2001-xx), which no
// other test records events in.
const settle = (month: string, preview?: boolean) => admin("/admin/v1/settlements", { body: { month, preview } });
const ledgerOf = (month: string) => query(
  "select account_id, kind, source_account_id, volume_usd::text, rebate_bps, rebate_usd::text, status, settled_at from rebate_ledger where period_start = $1 order by account_id, kind",
  [`${month}-01`]);
const rebates = async (key: string, period?: string) =>
  (await call(`/api/v1/rebates${period ? `?period=${period}` : ""}`, { key })).body.rebates as any[];

describe("monthly settlement", () => {
  it("freezes every account's and referral's rows as paid; a second run changes nothing", async () => {
    const referrer = await createPartner({ rebateBps: 10 });
    const referred = await createPartner({ rebateBps: 20, referrerSlug: referrer.slug, referralBps: 5 });
    await insertEvents(
      { accountId: referrer.accountId, volumeUsd: "100.10", occurredAt: "2001-01-10T00:00:00Z" },
      { accountId: referred.accountId, volumeUsd: "2000", occurredAt: "2001-01-11T00:00:00Z" },
      { accountId: referred.accountId, volumeUsd: "999", isDryRun: true, occurredAt: "2001-01-12T00:00:00Z" },
    );
    const preview = await settle("2001-01", true);
    expect(preview.body.settlement).toEqual({
      month: "2001-01", status: "preview", volumeRows: 2, referralRows: 1,
      totalVolumeUsd: "2100.100000000000000000", totalRebateUsd: "5.1001000000000000000000",
    });
    expect(await ledgerOf("2001-01")).toEqual([]); // preview writes nothing
    expect((await rebates(referred.key, "2001-01"))[0]).toMatchObject({ status: "accrued" });

    const first = await settle("2001-01");
    expect(first.status).toBe(200);
    expect(first.body.settlement).toMatchObject({ status: "settled", volumeRows: 2, referralRows: 1, totalRebateUsd: "5.1001000000000000000000" });
    const rows = await ledgerOf("2001-01");
    expect(rows.map((r) => [r.kind, r.volume_usd, r.rebate_bps, r.rebate_usd, r.status])).toEqual(expect.arrayContaining([
      ["volume", "100.100000000000000000", 10, "0.1001000000000000000000", "paid"],
      ["volume", "2000.000000000000000000", 20, "4.0000000000000000000000", "paid"],
      ["referral", "2000.000000000000000000", 5, "1.0000000000000000000000", "paid"],
    ]));
    expect(await query("select status from settlements where period_start = '2001-01-01'")).toEqual([{ status: "completed" }]);
    expect(await rebates(referrer.key, "2001-01")).toEqual([
      { period: "monthly", period_start: "2001-01-01T00:00:00+00:00", volume_usd: 100.1, rebate_bps: 10, rebate_usd: 0.1001, volume_usd_exact: "100.1", rebate_usd_exact: "0.1001", status: "paid", kind: "volume" },
      { period: "monthly", period_start: "2001-01-01T00:00:00+00:00", volume_usd: 2000, rebate_bps: 5, rebate_usd: 1, volume_usd_exact: "2000", rebate_usd_exact: "1", status: "paid", kind: "referral", source_account_id: referred.accountId },
    ]);

    const second = await settle("2001-01");
    expect(second.body.settlement).toMatchObject({ status: "already_settled", volumeRows: 2, referralRows: 1 });
    expect(await ledgerOf("2001-01")).toEqual(rows);
  });

  it("never touches a paid row: later rate changes, test marking and referral changes leave it as paid", async () => {
    const referrer = await createPartner({ rebateBps: 10 });
    const partner = await createPartner({ rebateBps: 10, referrerSlug: referrer.slug, referralBps: 10 });
    const [event] = await insertEvents({ accountId: partner.accountId, volumeUsd: "1000", occurredAt: "2001-02-10T00:00:00Z" });
    await settle("2001-02");
    const before = await ledgerOf("2001-02");
    await admin(`/admin/v1/accounts/${partner.slug}`, { method: "PATCH", body: { rebateBps: 99, rebateActive: false, referrerSlug: null } });
    // Marking an event of a settled month is refused (it would change /usage and no money), naming the month.
    const marked = await admin(`/admin/v1/accounts/${partner.slug}/events/mark-test`, { body: { eventIds: [event!.id] } });
    expect([marked.status, marked.body.code, marked.body.error]).toEqual([409, "CONFLICT", expect.stringContaining("(2001-02)")]);
    await settle("2001-02");
    expect(await ledgerOf("2001-02")).toEqual(before);
    expect(await rebates(partner.key, "2001-02")).toEqual([expect.objectContaining({ volume_usd: 1000, rebate_bps: 10, rebate_usd: 1, status: "paid" })]);
  });

  it("a crash halfway leaves the month unsettled, and a rerun completes it", async () => {
    const partner = await createPartner({ rebateBps: 50 });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "400", occurredAt: "2001-03-10T00:00:00Z" });
    // A connection of its own, killed from inside the transaction after the ledger rows are written.
    const { db, close } = createDb({ url: inject("stack").databaseUrl });
    rawClient(db).on("connect", (client) => client.on("error", () => {})); // the killed connection reports it here
    let crashed = false;
    await expect(settleMonth(db, {
      month: "2001-03",
      afterLedgerRows: async (tx) => {
        expect(await tx.execute("select count(*)::int as n from rebate_ledger where period_start = '2001-03-01'"))
          .toMatchObject({ rows: [{ n: 1 }] }); // the rows are written, the month not yet marked
        crashed = true;
        await tx.execute("select pg_terminate_backend(pg_backend_pid())");
      },
    })).rejects.toThrow();
    expect(crashed).toBe(true);
    await close();
    expect(await ledgerOf("2001-03")).toEqual([]);
    expect(await query("select * from settlements where period_start = '2001-03-01'")).toEqual([]);
    expect(await rebates(partner.key, "2001-03")).toEqual([expect.objectContaining({ status: "accrued", volume_usd: 400 })]);

    expect((await settle("2001-03")).body.settlement).toMatchObject({ status: "settled", volumeRows: 1 });
    expect(await rebates(partner.key, "2001-03")).toEqual([expect.objectContaining({ status: "paid", volume_usd: 400, rebate_usd: 2 })]);
  });

  it("splits months at UTC midnight", async () => {
    const partner = await createPartner({ rebateBps: 100 });
    await insertEvents(
      { accountId: partner.accountId, volumeUsd: "1", occurredAt: "2001-04-30T23:59:59.999Z" },
      { accountId: partner.accountId, volumeUsd: "2", occurredAt: "2001-05-01T00:00:00.000Z" },
      { accountId: partner.accountId, volumeUsd: "4", occurredAt: "2001-05-01T01:59:59+02:00" }, // 2001-04-30T23:59:59Z
    );
    await settle("2001-04");
    expect(await rebates(partner.key)).toEqual([
      expect.objectContaining({ period_start: "2001-05-01T00:00:00+00:00", volume_usd: 2, status: "accrued" }),
      expect.objectContaining({ period_start: "2001-04-01T00:00:00+00:00", volume_usd: 5, status: "paid" }),
    ]);
  });

  it("an event arriving after its month settled counts toward the month it arrives in", async () => {
    const partner = await createPartner({ rebateBps: 100 });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "10", occurredAt: "2001-06-10T00:00:00Z" });
    await settle("2001-06");
    const [late] = await insertEvents({ accountId: partner.accountId, volumeUsd: "7", occurredAt: "2001-06-20T00:00:00Z" });
    expect(await rebates(partner.key)).toEqual([
      expect.objectContaining({ period_start: `${currentMonth()}-01T00:00:00+00:00`, volume_usd: 7, status: "accrued" }),
      expect.objectContaining({ period_start: "2001-06-01T00:00:00+00:00", volume_usd: 10, status: "paid" }),
    ]);
    // it still shows in /usage under the month it occurred in
    const usage = await call("/api/v1/usage?period=2001-06", { key: partner.key });
    expect(usage.body.events.map((e: any) => e.id)).toContain(late!.id);
    expect(await query("select ledger_period::text from usage_events where id = $1", [late!.id])).toEqual([{ ledger_period: `${currentMonth()}-01` }]);
  });

  it("refuses a month that has not ended, and bad months, writing nothing", async () => {
    const open = await settle(currentMonth());
    expect(open.status).toBe(400);
    expect(open.body.error).toMatch(/^month: .* has not ended/);
    for (const month of ["2001-13", "2001-1", "x"]) {
      const response = await settle(month);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^month: /);
    }
    expect((await admin("/admin/v1/settlements", { body: {} })).status).toBe(400);
    expect((await call("/admin/v1/settlements", { body: { month: "2001-07" } })).status).toBe(401);
    expect(await query("select * from settlements where period_start in ('2001-07-01', $1::date)", [`${currentMonth()}-01`])).toEqual([]);
    // a preview of the open month is fine
    expect((await settle(currentMonth(), true)).body.settlement.status).toBe("preview");
  });

  it("concurrent settlements of one month settle it once", async () => {
    const partner = await createPartner({ rebateBps: 10 });
    await insertEvents({ accountId: partner.accountId, volumeUsd: "100", occurredAt: "2001-08-10T00:00:00Z" });
    const results = await Promise.all([1, 2, 3, 4].map(() => settle("2001-08")));
    expect(results.map((r) => r.body.settlement.status).sort()).toEqual(["already_settled", "already_settled", "already_settled", "settled"]);
    expect(await ledgerOf("2001-08")).toHaveLength(1);
  });
});
