/**
 * One settlement per deposit, against a real PostgreSQL: a transaction's deposits are settlements of their own, the
 * same deposit tracked again (or at once, by concurrent requests) is one, another account is answered as for an
 * unknown deposit, and a row tracked before settlements were per deposit (no fingerprint) stays its transaction's only
 * one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Hex } from "viem";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { bridgeSettlements } from "../db/schema/bridge.js";
import { SluiceError } from "../errors/SluiceError.js";
import { trackBridgeDeposit, type TrackBridgeDepositParameters } from "./trackBridgeDeposit.js";

let database: TestDatabase;
let a: string;
let b: string;
const keys = new Map<string, string>();

beforeAll(async () => {
  database = await startTestDatabase("sluice_track");
  const ids = await Promise.all(["track-a", "track-b"].map(async (slug) => {
    const { id } = await createAccount(database.db, { slug, name: slug });
    keys.set(id, (await issueApiKey(database.db, { account: id, environment: "production" })).apiKey.id);
    return id;
  }));
  [a, b] = [ids[0]!, ids[1]!];
});
afterAll(async () => {
  await database?.drop();
});

const random = (bytes: number): Hex => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex")}`;
const notFound = () => new SluiceError("NOT_FOUND", "no such deposit");

function tracking(accountId: string, originTxHash: Hex, fingerprint: Hex, depositId: bigint, issuedToAccount = true): TrackBridgeDepositParameters {
  return {
    db: database.db, accountId, apiKeyId: keys.get(accountId)!, notFound, issuedToAccount,
    deposit: {
      originChainId: 8453, destinationChainId: 42161, depositor: random(20), recipient: random(20), inputToken: random(20), outputToken: random(20),
      amountInRaw: 1_000_000n + depositId, expectedOutRaw: 999_000n, depositId, originTxHash, fingerprint,
    },
  };
}

const rowsOf = (originTxHash: Hex) => database.db.select().from(bridgeSettlements).where(eq(bridgeSettlements.originTxHash, originTxHash));

describe("trackBridgeDeposit", () => {
  it("each deposit of a transaction is a settlement of its own, for the account whose quote produced it", async () => {
    const tx = random(32);
    const [first, second] = [random(32), random(32)];
    const mine = await trackBridgeDeposit(tracking(a, tx, first, 7n));
    const theirs = await trackBridgeDeposit(tracking(b, tx, second, 8n));
    expect(mine.created && theirs.created).toBe(true);
    expect(mine.settlementId).not.toBe(theirs.settlementId);
    // Again: the same settlement; the other account's deposit is not found, whatever it claims to have been issued.
    expect(await trackBridgeDeposit(tracking(a, tx, first, 7n))).toEqual({ settlementId: mine.settlementId, created: false });
    await expect(trackBridgeDeposit(tracking(a, tx, second, 8n))).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Not issued to the account and not tracked: not found, and nothing written.
    await expect(trackBridgeDeposit(tracking(a, tx, random(32), 9n, false))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await rowsOf(tx)).map((r) => [r.accountId, r.depositFingerprint]).sort()).toEqual([[a, first], [b, second]].sort());
  });

  it("concurrent requests tracking one deposit record one settlement and all answer it", async () => {
    const tx = random(32);
    const fingerprint = random(32);
    const answers = await Promise.all(Array.from({ length: 8 }, () => trackBridgeDeposit(tracking(a, tx, fingerprint, 1n))));
    expect(new Set(answers.map((x) => x.settlementId)).size).toBe(1);
    expect(answers.filter((x) => x.created)).toHaveLength(1);
    expect(await rowsOf(tx)).toHaveLength(1);
  });

  it("a row tracked before settlements were per deposit stays its transaction's only settlement", async () => {
    const tx = random(32);
    const legacy = await trackBridgeDeposit(tracking(a, tx, random(32), 3n));
    await database.db.update(bridgeSettlements).set({ depositFingerprint: null }).where(eq(bridgeSettlements.id, legacy.settlementId));
    // Whatever deposit of the transaction is tracked, by its account: that row; by another: not found; nothing added.
    expect(await trackBridgeDeposit(tracking(a, tx, random(32), 4n))).toEqual({ settlementId: legacy.settlementId, created: false });
    await expect(trackBridgeDeposit(tracking(b, tx, random(32), 5n))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await rowsOf(tx)).toHaveLength(1);
  });
});
