/**
 * The operator's month-long work (a settlement, its preview, marking a range of events as test) runs under a cron's
 * query bound on the pages as on the admin API: a settlement that waits on the ledger lock longer than a request's
 * bound (3 seconds) completes instead of failing as an outage.
 */
import { describe, expect, inject, it } from "vitest";
import { createDb, REQUEST_QUERY_TIMEOUT_MS } from "@sluice/core";
import { admin, createPartner, page, signInPages } from "@sluice/testkit";

/** The advisory lock settlement and writers of usage events take (`ledger/ledgerLock.ts`). */
const LEDGER_LOCK = 7_311_000_001;
const HOLD_MS = REQUEST_QUERY_TIMEOUT_MS + 1_500;

/** Runs `work` while another connection holds the ledger lock and the settlements table for `HOLD_MS`. */
async function whileLedgerIsBusy<T>(work: () => Promise<T>): Promise<T> {
  const { db, close } = createDb({ url: inject("stack").databaseUrl, queryTimeoutMs: 60_000 });
  let locked!: () => void;
  const ready = new Promise<void>((resolve) => { locked = resolve; });
  const held = db.transaction(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
    await tx.execute("lock table settlements in access exclusive mode");
    locked();
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  });
  await ready;
  try {
    return await work();
  } finally {
    await held.finally(close);
  }
}

describe("operator pages' long work", () => {
  it("settle, its preview and mark-test (pages and admin API) outlast a request's query bound", async () => {
    const partner = await createPartner();
    const operator = await signInPages("operator", inject("stack").adminToken);
    const range = { from: "2001-01-01T00:00", to: "2001-01-02T00:00" };
    const started = Date.now();
    const [preview, settle, markTest, apiMarkTest] = await whileLedgerIsBusy(() => Promise.all([
      page("/admin/settlements?month=1998-07", { cookies: operator.cookies }),
      page("/admin/settlements", { cookies: operator.cookies, form: { csrf: operator.csrf, month: "1998-07" } }),
      page(`/admin/accounts/${partner.slug}/mark-test`, { cookies: operator.cookies, form: { csrf: operator.csrf, ...range } }),
      admin(`/admin/v1/accounts/${partner.slug}/events/mark-test`, { body: { from: `${range.from}:00Z`, to: `${range.to}:00Z` } }),
    ]));
    // They waited for the lock past a request's bound, and then completed.
    expect(Date.now() - started).toBeGreaterThan(REQUEST_QUERY_TIMEOUT_MS);
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(preview.text).toMatch(/data-testid="settlement-status" data-status="(preview|already_settled)"/);
    expect(settle.status, settle.text.slice(0, 300)).toBe(200);
    expect(settle.text).toMatch(/data-status="(settled|already_settled)"/);
    expect(markTest.status, markTest.text.slice(0, 300)).toBe(303);
    expect(markTest.location).toBe(`/admin/accounts/${partner.slug}?marked=0`);
    expect(apiMarkTest.status, JSON.stringify(apiMarkTest.body)).toBe(200);
    expect(apiMarkTest.body).toEqual({ ok: true, updated: 0 });
  });
});
