/** The dashboard's CSV export against a real Postgres: what it answers, and how many statements it costs. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCountingDatabase, startTestDatabase, type StartCountingDatabaseReturnType, type TestDatabase } from "@sluice/testkit";
import { sql } from "drizzle-orm";
import { createAccount } from "../accounts/createAccount.js";
import { listUsage } from "../usage/listUsage.js";
import { usageCsv } from "./usageCsv.js";

let database: TestDatabase;
let counted: StartCountingDatabaseReturnType;
beforeAll(async () => {
  database = await startTestDatabase("sluice_csv");
  counted = startCountingDatabase(database.url);
});
afterAll(async () => {
  await counted?.close();
  await database?.drop();
});

/** An account with `events` solves, one a second back from now, each worth 1.5 USD. */
async function accountWithEvents(events: number): Promise<string> {
  const account = await createAccount(database.db, { slug: `csv-${randomBytes(3).toString("hex")}`, name: "CSV" });
  await database.db.execute(sql`
    insert into usage_events (id, account_id, event_type, chain, volume_usd, is_dry_run, is_test, created_at, ledger_period)
    select 'evt_' || ${account.id} || '_' || n, ${account.id}, 'solve', 'base', 1.5, false, false,
      now() - n * interval '1 second', date_trunc('month', now() - n * interval '1 second')::date
    from generate_series(1, ${events}) as n`);
  return account.id;
}

/** The statements that aggregate `/usage`'s totals over every matching event. */
const totalsAggregates = (statements: string[]) => statements.filter((s) => /sum\(volume_usd\)/.test(s));
/** The statements that read a page of events. */
const pageReads = (statements: string[]) => statements.filter((s) => /order by created_at desc, id desc/.test(s));

describe("usageCsv", () => {
  it("reads the events page by page without aggregating the totals once per page, and answers every one of them", async () => {
    const accountId = await accountWithEvents(2_500);
    counted.statements.length = 0;
    const csv = await usageCsv(counted.db, { accountId });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 2_500);
    expect(lines[1]).toMatch(new RegExp(`^evt_${accountId}_1,solve,base,1.5,false,false,encoded,,`));
    expect(lines.at(-1)).toMatch(new RegExp(`^evt_${accountId}_2500,`));
    expect(pageReads(counted.statements)).toHaveLength(3);
    expect(totalsAggregates(counted.statements).length).toBeLessThanOrEqual(1);
    // `/usage` itself still answers its totals.
    expect((await listUsage(database.db, { accountId, limit: 10 })).totalVolumeUsd).toMatch(/^3750(\.0+)?$/);
  });

  it("refuses an export over the maximum before reading the pages", async () => {
    const accountId = await accountWithEvents(2_500);
    counted.statements.length = 0;
    await expect(usageCsv(counted.db, { accountId }, { maxEvents: 1_500 })).rejects.toMatchObject({
      code: "MALFORMED_REQUEST", message: expect.stringContaining("more than 1500 events match"),
    });
    expect(pageReads(counted.statements)).toHaveLength(0);
    expect(totalsAggregates(counted.statements)).toHaveLength(0);
    // At the maximum, the export is answered.
    expect((await usageCsv(counted.db, { accountId }, { maxEvents: 2_500 })).trimEnd().split("\r\n")).toHaveLength(2_501);
  });
});
