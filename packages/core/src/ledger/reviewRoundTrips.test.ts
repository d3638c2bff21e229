/** The operator's wash-trading review of a month's rebate volume (`reviewRoundTrips`) against a real Postgres. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/index.js";
import { insertUsageEvents, parseUsageEvents } from "../usage/index.js";
import { reviewRoundTrips } from "./reviewRoundTrips.js";

let database: TestDatabase;
beforeAll(async () => { database = await startTestDatabase("sluice_review_round_trips"); });
afterAll(async () => { await database?.drop(); });

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const [USDC, USDT, WETH] = [address(0xa1), address(0xb2), address(0xc3)];
const [washer, other, honest] = [address(0x1001), address(0x1002), address(0x1003)];

type Swap = { owner: string; tokenIn: string; tokenOut: string };
const solve = (accountId: string, volumeUsd: string, swap: Swap | null, extra: Record<string, unknown> = {}) => ({
  id: `evt_${randomBytes(8).toString("hex")}`, accountId, eventType: "solve", chain: "base", volumeUsd, isDryRun: false, isTest: false,
  occurredAt: "2019-05-10T00:00:00Z", txHash: `0x${randomBytes(32).toString("hex")}`, outcome: "succeeded", swap, ...extra,
});
const buy = (owner: string) => ({ owner, tokenIn: USDC, tokenOut: USDT });
const sell = (owner: string) => ({ owner, tokenIn: USDT, tokenOut: USDC });

describe("reviewRoundTrips", () => {
  it("per account: the qualifying volume one owner swapped both ways through one pair, exact, highest first", async () => {
    const { db } = database;
    const slug = `w-${randomBytes(3).toString("hex")}`;
    const wash = await createAccount(db, { slug, name: "W", rebateBps: 10 });
    const fair = await createAccount(db, { slug: `h-${randomBytes(3).toString("hex")}`, name: "H", rebateBps: 10 });
    await insertUsageEvents(db, parseUsageEvents([
      // One owner churns USDC ↔ USDT: 1,500 one way, 990.000000000000000001 back.
      solve(wash.id, "1000", buy(washer)), solve(wash.id, "990.000000000000000001", sell(washer)), solve(wash.id, "500", buy(washer)),
      // The same pair on another chain is another round trip; another owner's one-way swaps are none.
      solve(wash.id, "40", buy(washer), { chain: "arbitrum" }), solve(wash.id, "25", sell(washer), { chain: "arbitrum" }),
      solve(wash.id, "300", { owner: other, tokenIn: WETH, tokenOut: USDC }), solve(wash.id, "200", buy(other)),
      // Recorded before owners were kept: counted in the volume, not reviewable.
      solve(wash.id, "100", null),
      // Not qualifying: test traffic, a dry run, a failed transaction, another month.
      solve(wash.id, "7000", sell(washer), { isTest: true }), solve(wash.id, "7000", sell(washer), { isDryRun: true, outcome: null, txHash: null }),
      solve(wash.id, "7000", sell(washer), { outcome: "failed" }), solve(wash.id, "7000", sell(washer), { occurredAt: "2019-06-01T00:00:00Z" }),
      // An honest account's user buys, and sells another token.
      solve(fair.id, "2000", { owner: honest, tokenIn: USDC, tokenOut: WETH }), solve(fair.id, "50", { owner: honest, tokenIn: USDT, tokenOut: WETH }),
    ]));

    const review = await reviewRoundTrips(db, { month: "2019-05" });
    expect(review.accounts.map((a) => a.slug)).toEqual([slug, fair.slug]);
    expect(review.accounts[0]).toEqual({
      accountId: wash.id, slug, rebateBps: 10,
      volumeUsd: "3155.000000000000000001", roundTripUsd: "2030.000000000000000002", roundTripShare: "0.6434", unattributedUsd: "100",
      top: [
        { chain: "base", owner: washer, tokenA: USDC, tokenB: USDT, roundTripUsd: "1980.000000000000000002" },
        { chain: "arbitrum", owner: washer, tokenA: USDC, tokenB: USDT, roundTripUsd: "50" },
      ],
    });
    expect(review.accounts[1]).toMatchObject({ volumeUsd: "2050", roundTripUsd: "0", roundTripShare: "0.0000", unattributedUsd: "0", top: [] });
    // `top` bounds the list, not the total.
    expect((await reviewRoundTrips(db, { month: "2019-05", top: 1 })).accounts[0]).toMatchObject({ roundTripUsd: "2030.000000000000000002", top: [{ chain: "base" }] });
    expect((await reviewRoundTrips(db, { month: "2019-04" })).accounts).toEqual([]);
  });

  it("a month that is not YYYY-MM is refused", async () => {
    await expect(reviewRoundTrips(database.db, { month: "2019-13" })).rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: expect.stringMatching(/^month/) });
  });

  it("the recorder takes a solve's swap as lower-case addresses, and refuses it on a quote or with a malformed address", () => {
    const [event] = parseUsageEvents([solve("acc", "1", { owner: washer.toUpperCase().replace("0X", "0x"), tokenIn: USDC, tokenOut: USDT })]);
    expect(event!.swap).toEqual({ owner: washer, tokenIn: USDC, tokenOut: USDT });
    expect(() => parseUsageEvents([{ ...solve("acc", "1", buy(washer)), eventType: "route", outcome: null, txHash: null }]))
      .toThrow(/swap/);
    expect(() => parseUsageEvents([solve("acc", "1", { owner: "0x12", tokenIn: USDC, tokenOut: USDT })])).toThrow(/swap\.owner/);
  });
});
