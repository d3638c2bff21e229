/**
 * Model-based test of the rebate ledger against a real Postgres: random sequences of events (solves and routes,
 * dry runs, test traffic, retries; executed solves that succeeded, reverted or are still pending; the same
 * transaction recorded or confirmed again by any account), confirmations, test marking and un-marking (refused for an
 * executed solve of a settled month; un-marking keeps a test key's events test), rate/activity/referral changes (a
 * loop of referrals refused) and settlements.
 * After every settlement and at the end, every account's ledger (`listRebates`) must equal a simple model
 * computed from the same history in exact integer arithmetic.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, issueApiKey, markEventsAsTest, updateAccount } from "../accounts/index.js";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { insertUsageEvents, markEventExecuted, parseUsageEvents } from "../usage/index.js";
import { listRebates } from "./listRebates.js";
import { settleMonth } from "./settleMonth.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase("sluice_ledger");
});
afterAll(async () => {
  await database?.drop();
});

// ---- the model -------------------------------------------------------------------------------------------
const MONTHS = ["2019-01", "2019-02", "2019-03", "2019-04"];
const CURRENT = new Date().toISOString().slice(0, 7); // where late events and confirmations land
const N = 3;

type Account = { bps: number; active: boolean; referrer: number | null; referralBps: number };
type Outcome = "succeeded" | "failed" | "pending";
type Ev = {
  account: number; volume: bigint /* micro-USD */; solve: boolean; dryRun: boolean; test: boolean; ledger: string;
  /** Recorded with the account's test key (`test` is then true, and un-marking leaves it so). */
  keyTest: boolean;
  outcome: Outcome | null; txHash: string | null;
};
type Row = { account: number; month: string; kind: "volume" | "referral"; source: number | null; volume: bigint; bps: number };

const micro = (v: bigint) => `${v / 1_000_000n}.${String(v % 1_000_000n).padStart(6, "0")}`;
const norm = (decimal: string) => decimal.includes(".") ? decimal.replace(/0+$/, "").replace(/\.$/, "") : decimal;
const scaled = (value: bigint, decimals: number) =>
  norm(`${value / 10n ** BigInt(decimals)}.${String(value % 10n ** BigInt(decimals)).padStart(decimals, "0")}`);

function modelRows(events: Ev[], accounts: Account[], month: string): Row[] {
  const rows: Row[] = [];
  for (let a = 0; a < N; a++) {
    const own = events.filter((e) => e.account === a && e.ledger === month && e.solve && !e.dryRun && !e.test && e.outcome === "succeeded");
    if (own.length === 0) continue;
    const volume = own.reduce((s, e) => s + e.volume, 0n);
    if (accounts[a]!.active) rows.push({ account: a, month, kind: "volume", source: null, volume, bps: accounts[a]!.bps });
    const r = accounts[a]!.referrer;
    if (r !== null && accounts[r]!.active) rows.push({ account: r, month, kind: "referral", source: a, volume, bps: accounts[a]!.referralBps });
  }
  return rows;
}

// ---- the operations ----------------------------------------------------------------------------------------
const account = fc.integer({ min: 0, max: N - 1 });
/** true with probability 1/4: most events qualify, so the interesting paths are hit often. */
const rarely = fc.integer({ min: 0, max: 3 }).map((n) => n === 0);
const op = fc.oneof(
  { weight: 8, arbitrary: fc.record({ t: fc.constant("event" as const), account, month: fc.constantFrom(...MONTHS),
    volume: fc.bigInt({ min: 0n, max: 5_000_000_000n }), solve: rarely.map((r) => !r), dryRun: rarely, test: rarely,
    outcome: fc.constantFrom<Outcome>("succeeded", "succeeded", "failed", "pending") }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("sameTx" as const), pick: fc.nat(), account, confirm: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("retry" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("confirm" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("markTest" as const), pick: fc.nat(), unmark: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("rate" as const), account, bps: fc.integer({ min: 0, max: 10_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("active" as const), account, active: rarely.map((r) => !r) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("referral" as const), account, referrer: fc.option(account), bps: fc.integer({ min: 0, max: 10_000 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("settle" as const), month: fc.constantFrom(...MONTHS) }) },
);

describe("rebate ledger (model-based, real Postgres)", () => {
  it("always equals the model computed from the events", async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ bps: fc.integer({ min: 0, max: 10_000 }), active: rarely.map((r) => !r) }), { minLength: N, maxLength: N }),
      fc.array(op, { minLength: 1, maxLength: 30 }),
      async (initial, ops) => {
        const { db } = database;
        await (db as unknown as { $client: pg.Pool }).$client.query("truncate usage_events, rebate_ledger, settlements, api_keys, accounts cascade");
        const run = randomBytes(3).toString("hex");
        const slugs = initial.map((_, i) => `prop-${run}-${i}`);
        const ids: string[] = [];
        /** Each account's keys: a normal one and a test one (events name the key they were recorded with). */
        const keys: Array<{ normal: string; test: string }> = [];
        const accounts: Account[] = initial.map((a) => ({ ...a, referrer: null, referralBps: 0 }));
        for (let i = 0; i < N; i++) {
          ids.push((await createAccount(db, { slug: slugs[i]!, name: slugs[i]!, rebateBps: initial[i]!.bps, rebateActive: initial[i]!.active })).id);
          keys.push({
            normal: (await issueApiKey(db, { account: ids[i]!, environment: "production" })).apiKey.id,
            test: (await issueApiKey(db, { account: ids[i]!, environment: "production", isTest: true })).apiKey.id,
          });
        }
        const events: Array<Ev & { id: string; input: Parameters<typeof parseUsageEvents>[0] }> = [];
        const paid = new Map<string, Row[]>();

        const check = async () => {
          const unsettled = new Set(events.map((e) => e.ledger).filter((m) => !paid.has(m)));
          const expected = [...paid.values()].flat().map((r) => ({ ...r, status: "paid" }))
            .concat([...unsettled].flatMap((m) => modelRows(events, accounts, m)).map((r) => ({ ...r, status: "accrued" })));
          for (let a = 0; a < N; a++) {
            const want = expected.filter((r) => r.account === a).map((r) =>
              `${r.month}-01|${r.kind}|${r.source === null ? "" : ids[r.source]}|${scaled(r.volume, 6)}|${r.bps}|${scaled(r.volume * BigInt(r.bps), 10)}|${r.status}`).sort();
            const got = (await listRebates(db, { accountId: ids[a]! })).map((r) =>
              `${r.periodStart}|${r.kind}|${r.sourceAccountId ?? ""}|${norm(r.volumeUsd)}|${r.rebateBps}|${norm(r.rebateUsd)}|${r.status}`).sort();
            expect(got).toEqual(want);
          }
        };

        for (const o of ops) {
          if (o.t === "event") {
            const id = `evt_${randomBytes(8).toString("hex")}`;
            const executed = o.solve && !o.dryRun;
            const txHash = executed ? `0x${randomBytes(32).toString("hex")}` : null;
            const outcome = executed ? o.outcome : null;
            const input = { id, accountId: ids[o.account]!, apiKeyId: o.test ? keys[o.account]!.test : keys[o.account]!.normal, eventType: o.solve ? "solve" : "route", chain: "base",
              volumeUsd: micro(o.volume), isDryRun: o.dryRun, isTest: o.test, occurredAt: `${o.month}-15T12:00:00Z`, txHash, outcome } as const;
            await insertUsageEvents(db, parseUsageEvents([input]));
            events.push({ id, input, account: o.account, volume: o.volume, solve: o.solve, dryRun: o.dryRun, test: o.test, keyTest: o.test,
              ledger: paid.has(o.month) ? CURRENT : o.month, outcome, txHash });
          } else if (o.t === "sameTx" && events.some((e) => e.txHash)) {
            // A transaction already credited, recorded again by any account or confirmed for another dry run: never counted twice.
            const held = events.filter((e) => e.txHash);
            const e = held[o.pick % held.length]!;
            const dryRuns = events.filter((d) => d.solve && d.dryRun);
            if (o.confirm && dryRuns.length) {
              const d = dryRuns[o.pick % dryRuns.length]!;
              await expect(markEventExecuted({ db }, { eventId: d.id, txHash: e.txHash! })).rejects.toMatchObject({ code: "CONFLICT" });
            } else {
              const input = { id: `evt_${randomBytes(8).toString("hex")}`, accountId: ids[o.account]!, eventType: "solve", chain: "base",
                volumeUsd: "1000", isDryRun: false, isTest: false, occurredAt: `${CURRENT}-15T12:00:00Z`, txHash: e.txHash, outcome: "succeeded" } as const;
              expect((await insertUsageEvents(db, parseUsageEvents([input]))).inserted).toEqual([]);
            }
          } else if (o.t === "retry" && events.length) {
            const e = events[o.pick % events.length]!;
            expect((await insertUsageEvents(db, parseUsageEvents([e.input]))).inserted).toEqual([]);
          } else if (o.t === "confirm" && events.length) {
            const e = events[o.pick % events.length]!;
            if (e.solve) {
              const hash = `0x${e.id.slice(4).padEnd(64, "0")}`;
              const wasDryRun = e.dryRun;
              const result = await markEventExecuted({ db }, { eventId: e.id, txHash: hash }).catch((err) => err);
              if (wasDryRun || (result as { alreadyExecuted?: boolean }).alreadyExecuted) {
                expect(result).toMatchObject({ eventId: e.id });
              }
              if (wasDryRun) Object.assign(e, { dryRun: false, ledger: CURRENT, outcome: "succeeded", txHash: hash });
            }
          } else if (o.t === "markTest" && events.length) {
            const e = events[o.pick % events.length]!;
            const marking = markEventsAsTest(db, { account: ids[e.account]!, eventIds: [e.id], isTest: !o.unmark });
            if (paid.has(e.ledger) && e.solve && !e.dryRun && e.outcome === "succeeded") {
              // Its month paid it (or kept it out as test): a mark would change what /usage shows and no money. An event
              // that never counted there (encode-only, pending, failed, a quote) is still marked.
              await expect(marking).rejects.toMatchObject({ code: "CONFLICT" });
            } else {
              expect(await marking).toEqual({ updated: 1 });
              e.test = o.unmark ? e.keyTest : true;
            }
          } else if (o.t === "rate") {
            await updateAccount(db, slugs[o.account]!, { rebateBps: o.bps });
            accounts[o.account]!.bps = o.bps;
          } else if (o.t === "active") {
            await updateAccount(db, slugs[o.account]!, { rebateActive: o.active });
            accounts[o.account]!.active = o.active;
          } else if (o.t === "referral" && o.referrer !== o.account) {
            const changing = updateAccount(db, slugs[o.account]!, o.referrer === null
              ? { referrerSlug: null }
              : { referrerSlug: slugs[o.referrer]!, referralBps: o.bps });
            // A referrer whose own referrers lead back to the account would close a loop.
            let up = o.referrer;
            const seen = new Set<number>();
            while (up !== null && up !== o.account && !seen.has(up)) { seen.add(up); up = accounts[up]!.referrer; }
            const loop = o.referrer !== null && o.referrer !== accounts[o.account]!.referrer && up === o.account;
            if (loop) {
              await expect(changing).rejects.toMatchObject({ code: "MALFORMED_REQUEST" });
            } else {
              await changing;
              Object.assign(accounts[o.account]!, { referrer: o.referrer, referralBps: o.referrer === null ? 0 : o.bps });
            }
          } else if (o.t === "settle") {
            const result = await settleMonth(db, { month: o.month });
            expect(result.status).toBe(paid.has(o.month) ? "already_settled" : "settled");
            if (!paid.has(o.month)) paid.set(o.month, modelRows(events, accounts, o.month));
            await check();
          }
        }
        await check();
      },
    ), { numRuns: 40 });
  }, 240_000);
});
