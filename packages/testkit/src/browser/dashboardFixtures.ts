import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { markEventExecuted, shiftMonth } from "@sluice/core";
import { createPartner, issueKey, type Partner } from "../stack/partners.js";
import { call, type JsonResponse } from "../stack/http.js";
import { currentMonth, insertEvents, query, testDb } from "../reporting/ledgerDb.js";

export type DashboardPartner = {
  partner: Partner;
  /** A second production key of the partner (to revoke). */
  second: { key: string; keyId: string };
  /** An account the partner referred (its volume earns the partner referral rows). */
  referred: Partner;
  month: string;
  previous: string;
  /** The current month's executed solves (test traffic included): sent by relayers (gasless), sent by the user and confirmed. */
  gaslessUsd: number;
  userPaidUsd: number;
  executedEventIds: string[];
};

/** Instants of the current UTC month up to now (never in the future). */
function daysAgoInMonth(month: string, dayOfMonth: number): string {
  const now = new Date();
  const day = Math.min(dayOfMonth, now.getUTCDate());
  return `${month}-${String(day).padStart(2, "0")}T00:00:01.000Z`;
}

/**
 * A partner with a month of varied traffic for the dashboard tests: executed gasless solves on several days, one
 * user-paid (encode-only, confirmed) solve, quotes, a dry run, test traffic, 60 further quotes (pagination), last
 * month's volume, and a referred account's volume (referral rows).
 */
export async function seedDashboardPartner(): Promise<DashboardPartner> {
  const partner = await createPartner({ rebateBps: 25 });
  const second = await issueKey(partner.slug);
  const referred = await createPartner({ rebateBps: 5, referrerSlug: partner.slug, referralBps: 10 });
  const month = currentMonth();
  const previous = shiftMonth(month, -1);
  const me = partner.accountId;
  const executed = await insertEvents(
    { accountId: me, volumeUsd: "1200.5", occurredAt: daysAgoInMonth(month, 1) },
    { accountId: me, volumeUsd: "300.25", occurredAt: daysAgoInMonth(month, 1), chain: "arbitrum" },
    { accountId: me, volumeUsd: "80", occurredAt: new Date().toISOString(), chain: "polygon" },
  );
  await insertEvents(
    { accountId: me, volumeUsd: "999", eventType: "route", occurredAt: daysAgoInMonth(month, 1) },
    { accountId: me, volumeUsd: "45", isDryRun: true },
    { accountId: me, volumeUsd: "500", isTest: true },
    ...Array.from({ length: 60 }, (_, i) => ({ accountId: me, volumeUsd: `${i + 1}.1`, eventType: "route" as const })),
    { accountId: me, volumeUsd: "640", occurredAt: `${previous}-15T12:00:00.000Z` },
    { accountId: me, volumeUsd: "12", eventType: "route", occurredAt: `${previous}-16T12:00:00.000Z` },
    { accountId: referred.accountId, volumeUsd: "2000" },
  );
  // A user-paid swap: encoded by Sluice (a dry-run event and its encoded swap), sent by the user, confirmed.
  const [encoded] = await insertEvents({ accountId: me, volumeUsd: "150", isDryRun: true });
  await query(`insert into encoded_swaps (id, account_id, chain, executor, calldata_hash, owner, token_in, token_out, amount_in,
      quoted_amount_out, min_amount_out, volume_usd, usage_event_id)
    values ($1, $2, 'base', $3, $4, $3, $3, $3, 1, 1, 1, 150, $5)`,
  [`swp_${randomBytes(10).toString("hex")}`, me, `0x${"11".repeat(20)}`, `0x${randomBytes(32).toString("hex")}`, encoded!.id]);
  await markEventExecuted({ db: testDb() }, { eventId: encoded!.id, txHash: `0x${randomBytes(32).toString("hex")}` });
  // The key is used once through the API, so the keys page has a "last used".
  await call("/api/v1/account", { key: partner.key });
  return {
    partner, second, referred, month, previous, gaslessUsd: 2080.75, userPaidUsd: 150,
    executedEventIds: [...executed.map((e) => e.id), encoded!.id],
  };
}

/** Signs in through the page's form, as a person would: `key` on the dashboard, `token` on the operator pages. */
export async function signInInBrowser(page: Page, baseUrl: string, area: "partner" | "operator", secret: string): Promise<void> {
  await page.goto(`${baseUrl}${area === "partner" ? "/dashboard" : "/admin"}`);
  await page.getByLabel(area === "partner" ? "API key" : "Admin token").fill(secret);
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Sign in" }).click()]);
}

/** Every `/api/v1/usage` event of the filters, through every page. */
export async function allUsage(key: string, filters: Record<string, string> = {}): Promise<Record<string, any>[]> {
  const events: Record<string, any>[] = [];
  let cursor: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ ...filters, limit: "1000", ...(cursor ? { cursor } : {}) });
    const response: JsonResponse<Record<string, any>> = await call(`/api/v1/usage?${params}`, { key });
    if (response.status !== 200) throw new Error(`/usage answered ${response.status}`);
    events.push(...response.body.events);
    cursor = response.body.next_cursor;
  } while (cursor);
  return events;
}
