/** The reporting cron's settlement (`settleDueMonth`) against a real Postgres: months left behind, and large sums. */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createAccount, markEventsAsTest } from "../accounts/index.js";
import { insertUsageEvents, parseUsageEvents } from "../usage/index.js";
import { listRebates } from "./listRebates.js";
import { settleDueMonth } from "./settleDueMonth.js";
import { settleMonth } from "./settleMonth.js";

let database: TestDatabase;
beforeAll(async () => { database = await startTestDatabase("sluice_settle"); });
afterAll(async () => { await database?.drop(); });
beforeEach(async () => {
  await (database.db as unknown as { $client: pg.Pool }).$client.query("truncate usage_events, rebate_ledger, settlements, api_keys, accounts cascade");
});

/** An exact decimal without trailing zeros (Postgres keeps the scale of the arithmetic). */
const norm = (decimal: string) => decimal.includes(".") ? decimal.replace(/0+$/, "").replace(/\.$/, "") : decimal;
const settledSummary = (r: Awaited<ReturnType<typeof settleDueMonth>>) =>
  r && { month: r.month, status: r.status, volumeRows: r.volumeRows, totalVolumeUsd: norm(r.totalVolumeUsd), totalRebateUsd: norm(r.totalRebateUsd) };

const solve = (accountId: string, occurredAt: string, volumeUsd: string) => parseUsageEvents([{
  id: `evt_${randomBytes(8).toString("hex")}`, accountId, eventType: "solve", chain: "base", volumeUsd, isDryRun: false, isTest: false,
  occurredAt, txHash: `0x${randomBytes(32).toString("hex")}`, outcome: "succeeded",
}]);

describe("settleDueMonth", () => {
  it("settles a month left unsettled after the next one began, oldest first, then the previous month, then nothing", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    await insertUsageEvents(db, solve(partner.id, "2019-02-10T00:00:00Z", "1000"));
    await insertUsageEvents(db, solve(partner.id, "2019-04-10T00:00:00Z", "2000"));
    const now = new Date("2019-06-15T12:00:00Z");
    // Before, only the previous month (2019-05) was ever looked at: February and April stayed accrued for good.
    expect(settledSummary(await settleDueMonth(db, now))).toMatchObject({ month: "2019-02", status: "settled", totalRebateUsd: "1" });
    expect(settledSummary(await settleDueMonth(db, now))).toMatchObject({ month: "2019-04", status: "settled", totalRebateUsd: "2" });
    expect(await settleDueMonth(db, now)).toMatchObject({ month: "2019-05", status: "settled", volumeRows: 0 });
    expect(await settleDueMonth(db, now)).toBeUndefined();
    expect((await listRebates(db, { accountId: partner.id })).map((r) => [r.periodStart, r.status])).toEqual([
      ["2019-04-01", "paid"], ["2019-02-01", "paid"],
    ]);
  });

  it("a month settles only once the grace after its end has passed: until then the volume review can still exclude its last day", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    const [kept] = solve(partner.id, "2019-02-12T00:00:00Z", "1000");
    // A round trip on the month's last day, found by the review after the month ended.
    const [washLeg] = solve(partner.id, "2019-02-28T23:30:00Z", "5000");
    await insertUsageEvents(db, [kept!, washLeg!]);
    const afterEnd = (hours: number) => new Date(Date.parse("2019-03-01T00:00:00Z") + hours * 3600_000);
    const settledWhile = async (now: Date, graceHours: number) => {
      const months: string[] = [];
      for (let r = await settleDueMonth(db, now, graceHours); r; r = await settleDueMonth(db, now, graceHours)) months.push(r.month);
      return months;
    };

    for (const hours of [0, 1, 71]) expect(await settledWhile(afterEnd(hours), 72)).not.toContain("2019-02");
    expect(await markEventsAsTest(db, { account: partner.id, eventIds: [washLeg!.id] })).toEqual({ updated: 1 });
    expect(await settledWhile(afterEnd(72), 72)).toEqual(["2019-02"]);
    expect((await listRebates(db, { accountId: partner.id })).map((r) => [r.periodStart, norm(r.rebateUsd), r.status]))
      .toEqual([["2019-02-01", "1", "paid"]]);
    await expect(markEventsAsTest(db, { account: partner.id, eventIds: [washLeg!.id], isTest: false })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("with no grace a month settles as soon as it has ended; by default the grace is 72 hours", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    await insertUsageEvents(db, solve(partner.id, "2019-02-12T00:00:00Z", "1000"));
    expect(await settleDueMonth(db, new Date("2019-03-03T23:59:00Z"))).toMatchObject({ month: "2019-01" });
    expect(await settleDueMonth(db, new Date("2019-03-03T23:59:00Z"))).toBeUndefined();
    expect(await settleDueMonth(db, new Date("2019-03-01T00:00:00Z"), 0)).toMatchObject({ month: "2019-02", status: "settled" });
  });

  it("a month of only test, dry-run or failed traffic is not waited on; one older than the lookback is left alone", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    const [old] = solve(partner.id, "2018-01-10T00:00:00Z", "5");
    const [marked] = solve(partner.id, "2019-03-10T00:00:00Z", "7");
    await insertUsageEvents(db, [old!, marked!]);
    await markEventsAsTest(db, { account: partner.id, eventIds: [marked!.id] });
    const now = new Date("2019-06-15T12:00:00Z");
    expect(await settleDueMonth(db, now)).toMatchObject({ month: "2019-05" });
    expect(await settleDueMonth(db, now)).toBeUndefined();
  });

  it("settles sums past what one event may carry, exactly (the ledger's volume was numeric(38,18) and overflowed)", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 1 });
    const other = await createAccount(db, { slug: `o-${randomBytes(3).toString("hex")}`, name: "O", rebateBps: 100 });
    const big = "99999999999999999999.999999999999999999";
    await insertUsageEvents(db, [...solve(partner.id, "2019-02-10T00:00:00Z", big), ...solve(partner.id, "2019-02-11T00:00:00Z", big)]);
    await insertUsageEvents(db, solve(other.id, "2019-02-12T00:00:00Z", "100"));
    const settled = settledSummary(await settleMonth(db, { month: "2019-02" }));
    expect(settled).toMatchObject({ status: "settled", volumeRows: 2, totalVolumeUsd: "200000000000000000099.999999999999999998" });
    const [row] = await listRebates(db, { accountId: partner.id });
    expect({ volume: norm(row!.volumeUsd), rebate: norm(row!.rebateUsd), status: row!.status })
      .toEqual({ volume: "199999999999999999999.999999999999999998", rebate: "19999999999999999.9999999999999999999998", status: "paid" });
    // The other account of the month is paid too (one account's overflow failed everyone's settlement).
    const [others] = await listRebates(db, { accountId: other.id });
    expect([norm(others!.rebateUsd), others!.status]).toEqual(["1", "paid"]);
  });

  it("marking or un-marking events of a settled month is refused, naming the month, and changes nothing", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    const [settledEvent] = solve(partner.id, "2019-02-10T00:00:00Z", "1000");
    const [openEvent] = solve(partner.id, "2019-03-10T00:00:00Z", "1000");
    await insertUsageEvents(db, [settledEvent!, openEvent!]);
    await settleMonth(db, { month: "2019-02" });
    for (const isTest of [true, false]) {
      await expect(markEventsAsTest(db, { account: partner.id, from: new Date("2019-01-01T00:00:00Z"), to: new Date("2019-04-01T00:00:00Z"), isTest }))
        .rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("(2019-02)") });
    }
    const flags = await (db as unknown as { $client: pg.Pool }).$client.query("select id, is_test from usage_events order by id");
    expect(flags.rows.every((r: { is_test: boolean }) => r.is_test === false)).toBe(true);
    // The open month alone is marked.
    expect(await markEventsAsTest(db, { account: partner.id, eventIds: [openEvent!.id] })).toEqual({ updated: 1 });
  });

  it("events of a settled month that never counted in it (encoded, pending) can still be marked; one that counted or was kept out as test cannot", async () => {
    const { db } = database;
    const partner = await createAccount(db, { slug: `p-${randomBytes(3).toString("hex")}`, name: "P", rebateBps: 10 });
    const at = "2019-02-10T00:00:00Z";
    const [paid] = solve(partner.id, at, "1000");
    const [keptOut] = solve(partner.id, at, "500");
    const [encoded] = parseUsageEvents([{
      id: `evt_${randomBytes(8).toString("hex")}`, accountId: partner.id, eventType: "solve", chain: "base", volumeUsd: "40",
      isDryRun: true, isTest: false, occurredAt: at,
    }]);
    const [pending] = parseUsageEvents([{ ...solve(partner.id, at, "60")[0]!, outcome: "pending" }]);
    await insertUsageEvents(db, [paid!, keptOut!, encoded!, pending!]);
    await markEventsAsTest(db, { account: partner.id, eventIds: [keptOut!.id] });
    await settleMonth(db, { month: "2019-02" });

    // The encode-only and the pending solve will count in the month they are confirmed or finalised: not this one's.
    expect(await markEventsAsTest(db, { account: partner.id, eventIds: [encoded!.id, pending!.id] })).toEqual({ updated: 2 });
    expect(await markEventsAsTest(db, { account: partner.id, eventIds: [encoded!.id, pending!.id], isTest: false })).toEqual({ updated: 2 });
    // What the month paid (or kept out as test) stays as it was paid.
    for (const [ids, isTest] of [[[paid!.id], true], [[keptOut!.id], false], [[paid!.id, encoded!.id], true]] as const) {
      await expect(markEventsAsTest(db, { account: partner.id, eventIds: [...ids], isTest }))
        .rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("(2019-02)") });
    }
    await expect(markEventsAsTest(db, { account: partner.id, from: new Date("2019-02-01T00:00:00Z"), to: new Date("2019-03-01T00:00:00Z") }))
      .rejects.toMatchObject({ code: "CONFLICT" });
  });
});
