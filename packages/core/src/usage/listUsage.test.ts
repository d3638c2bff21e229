/**
 * `/usage`'s totals aggregate an account's whole history when no period is given: Postgres itself bounds them
 * (`withStatementTimeout`), so a read too heavy for a request is cancelled on the server, not left running after the
 * client gave up. Real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { createDb } from "../db/createDb.js";
import { withStatementTimeout } from "../db/withStatementTimeout.js";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { listUsage } from "./listUsage.js";

let database: TestDatabase;
let accountId: string;
const EVENTS = 100_000;

beforeAll(async () => {
  database = await startTestDatabase("sluice_list_usage");
  accountId = (await createAccount(database.db, { slug: "heavy", name: "heavy" })).id;
  // A busy account's history: 100,000 quotes of 0.5 USD each (written with a cron's bound: one statement of seconds).
  const setup = createDb({ url: database.url, queryTimeoutMs: 120_000 });
  await setup.db.execute(sql`
    insert into usage_events (id, account_id, event_type, chain, volume_usd, is_dry_run, is_test, ledger_period, created_at)
    select 'evt_' || lpad(n::text, 20, '0'), ${accountId}, 'route', 'base', 0.5, false, false, '2026-11-01',
      timestamp '2026-11-01' + n * interval '1 second'
    from generate_series(1, ${EVENTS}) as n`).finally(() => setup.close());
}, 120_000);
afterAll(async () => database?.drop());

const codes = (error: unknown) => {
  const found: unknown[] = [];
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) found.push(e.code);
  return found;
};

describe("listUsage's totals", () => {
  it("are exact over the whole history within the bound", async () => {
    const page = await listUsage(database.db, { accountId, limit: 2 });
    expect(page.events).toHaveLength(2);
    expect(Number(page.totalVolumeUsd)).toBe(EVENTS * 0.5);
    expect(page.totalVolumeUsd).toMatch(/^50000(\.0+)?$/);
  });

  it("past the bound are cancelled by Postgres (57014, a dependency outage: 503, retry later), the page's read untouched", async () => {
    const error = await listUsage(database.db, { accountId, limit: 2, statementTimeoutMs: 1 }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeDefined();
    expect(codes(error)).toContain("57014");
    expect(isDependencyDown(error)).toBe(true);
    // The bound was the transaction's own: the connection's next statements have none.
    expect((await database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]!.statement_timeout).toBe("0");
  });
});

describe("withStatementTimeout", () => {
  it("leaves nothing running on the server once it fails, where the driver's own timeout leaves the statement waiting", async () => {
    // Another session holds the table: every read of it waits.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("begin; lock table usage_events in access exclusive mode");
    const waiting = async (marker: string) => {
      const { rows } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where query like $1 and state = 'active' and pid <> pg_backend_pid()", [`%${marker}%`]);
      return rows[0]!.n;
    };
    const client = createDb({ url: database.url, queryTimeoutMs: 600 });
    try {
      // The driver's timeout alone: the request gives up, the statement stays queued on the lock.
      const plain = await client.db.execute(sql.raw("select count(*) /* plain-read */ from usage_events")).catch((e: unknown) => e);
      expect(isDependencyDown(plain)).toBe(true);
      expect(await waiting("plain-read")).toBe(1);
      // Bounded on the server: cancelled there, nothing left.
      const bounded = await withStatementTimeout(client.db, 300, (tx) => tx.execute(sql.raw("select count(*) /* bounded-read */ from usage_events")))
        .catch((e: unknown) => e);
      expect(codes(bounded)).toContain("57014");
      expect(await waiting("bounded-read")).toBe(0);
    } finally {
      await holder.query("rollback");
      await holder.end();
      await client.close();
    }
  });
});
