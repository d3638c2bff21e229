/**
 * A user-paid swap whose first transaction a reorganisation removed is still credited — once — when the user re-sends
 * the same calldata as a new transaction, against a real PostgreSQL and a real anvil node. The steps `/confirm` takes
 * are driven at the level of the core functions: `confirmEncodedSwap` binds the encoded swap to the transaction and
 * `markEventExecuted` flips its usage event; `finalizePendingSolves` settles the shallow confirmation.
 * While the first transaction may still count (pending) or counts (succeeded), another one stays a CONFLICT.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, type Hash, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestDatabase, type AnvilNode, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { newId } from "../ids/newId.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";
import { insertUsageEvents } from "../usage/insertUsageEvents.js";
import { markEventExecuted } from "../usage/markEventExecuted.js";
import { confirmEncodedSwap } from "./confirmEncodedSwap.js";
import { rememberEncodedSwap } from "./rememberEncodedSwap.js";

let database: TestDatabase;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;
let apiKeyId: string;

beforeAll(async () => {
  [database, anvil] = await Promise.all([
    startTestDatabase("sluice_swaps_reorg"),
    startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  accountId = (await createAccount(database.db, { slug: "reorg", name: "reorg" })).id;
  apiKeyId = (await issueApiKey(database.db, { account: "reorg", environment: "production" })).apiKey.id;
  // A subscribed endpoint, so the webhook events the partner would hear are written.
  await query("insert into webhook_endpoints (id, account_id, environment, url, events, secret_ciphertext) values ($1, $2, 'production', $3, $4, 'v1.x.y')",
    [newId("whk"), accountId, "https://partner.example/hooks", ["swap.confirmed", "swap.failed", "swap.executed"]]);
});
afterAll(async () => {
  await Promise.all([database?.drop(), anvil?.stop()]);
});

const owner = () => privateKeyToAccount(devAccounts()[5]!.privateKey);

/** A transaction the node never saw: what a reorganisation left of T1. */
const unknownHash = () => `0x${randomBytes(32).toString("hex")}` as Hash;

/** A transaction the owner sends and the chain mines (successfully): T2, the re-sent swap. */
async function mined(): Promise<Hash> {
  const wallet = createWalletClient({ account: owner(), transport: http(anvil.rpcUrl) });
  const chain = { id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const;
  const hash = await wallet.sendTransaction({ chain, to: devAccounts()[4]!.address, data: "0x", value: 0n, gas: 21_000n });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash.toLowerCase() as Hash;
}

/** An encode-only solve as `/solve` leaves it: its dry-run usage event, and the encoded swap that points at it. */
async function encodedSwap(): Promise<{ swapId: string; eventId: string }> {
  const eventId = newId("evt");
  await insertUsageEvents(database.db, [{
    id: eventId, accountId, apiKeyId, eventType: "solve", chain: "base", volumeUsd: "250", isDryRun: true, isTest: false,
    occurredAt: new Date(Date.now() - 60_000),
  } as never]);
  const token = devAccounts()[1]!.address;
  const remembered = await rememberEncodedSwap(database.db, {
    accountId, apiKeyId, chain: "base", executor: devAccounts()[9]!.address, data: `0x${randomBytes(96).toString("hex")}` as Hex,
    owner: owner().address, permitNonce: 1n, tokenIn: token, tokenOut: devAccounts()[2]!.address, amountIn: 10n ** 18n,
    quotedAmountOut: 2_500n * 10n ** 6n, minAmountOut: 2_490n * 10n ** 6n, volumeUsd: "250", usageEventId: eventId,
  });
  expect(remembered).toBe(eventId);
  const { rows } = await query<{ id: string }>("select id from encoded_swaps where usage_event_id = $1", [eventId]);
  return { swapId: rows[0]!.id, eventId };
}

/** `/confirm` of a transaction still shallower than the chain's confirmation depth, as confirmUserSwap does it. */
async function confirm(swap: { swapId: string; eventId: string }, txHash: Hash, outcome: "pending" | "succeeded") {
  const confirmed = await confirmEncodedSwap(database.db, swap.swapId, txHash);
  const marked = await markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash, outcome });
  return { confirmed, marked };
}

/** Settles T1 as a reorganisation leaves it: unknown to the node once it counts as dropped. */
async function settleDropped(eventId: string) {
  expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, eventIds: [eventId], droppedAfterMs: 0 }))
    .toEqual({ succeeded: 0, failed: 1, stillPending: 0 });
}

async function query<T>(text: string, params: unknown[]): Promise<{ rows: T[] }> {
  const pg = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: T[] }> } }).$client;
  return pg.query(text, params);
}

async function eventOf(id: string) {
  return (await query<{ outcome: string; tx_hash: string; is_dry_run: boolean }>(
    "select outcome::text as outcome, tx_hash, is_dry_run from usage_events where id = $1", [id])).rows[0]!;
}

/** What counts toward rebates for this event's account from this event: its volume if it succeeded, once. */
async function creditedVolume(eventId: string): Promise<string> {
  return (await query<{ volume: string }>(
    "select trim_scale(coalesce(sum(volume_usd), 0))::text as volume from usage_events where id = $1 and not is_dry_run and outcome = 'succeeded'",
    [eventId])).rows[0]!.volume;
}

async function webhookTypes(eventId: string): Promise<string[]> {
  return (await query<{ type: string }>(
    "select type from webhook_events where body::jsonb -> 'data' ->> 'id' = $1 order by type", [eventId])).rows.map((r) => r.type);
}

async function swapTx(swapId: string): Promise<string | null> {
  return (await query<{ confirmed_tx_hash: string | null }>("select confirmed_tx_hash from encoded_swaps where id = $1", [swapId])).rows[0]!.confirmed_tx_hash;
}

describe("confirming a re-sent user swap after a reorganisation dropped the first transaction", () => {
  it("credits the re-sent transaction T2, once, after T1 was settled failed", async () => {
    const swap = await encodedSwap();
    const t1 = unknownHash();
    await confirm(swap, t1, "pending");
    await settleDropped(swap.eventId);
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "failed", tx_hash: t1 });

    // The user re-sent the same calldata (another nonce and fees): T2 is mined and succeeded, but still shallow.
    const t2 = await mined();
    const { confirmed, marked } = await confirm(swap, t2, "pending");
    expect(confirmed.confirmedTxHash).toBe(t2);
    expect(marked).toMatchObject({ eventId: swap.eventId, txHash: t2, alreadyExecuted: false });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "pending", tx_hash: t2, is_dry_run: false });
    expect(await creditedVolume(swap.eventId)).toBe("0");

    // Deep enough: the cron settles it from T2's receipt, and it counts once.
    expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, confirmationsFor: () => 1, eventIds: [swap.eventId] }))
      .toEqual({ succeeded: 1, failed: 0, stillPending: 0 });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: t2 });
    expect(await creditedVolume(swap.eventId)).toBe("250");

    // Confirmed again with T2: nothing changes; T1 (or anything else) now is a CONFLICT.
    expect((await confirm(swap, t2, "succeeded")).marked.alreadyExecuted).toBe(true);
    await expect(confirmEncodedSwap(database.db, swap.swapId, t1)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash: t1 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: t2 });
    expect(await creditedVolume(swap.eventId)).toBe("250");
    expect(await swapTx(swap.swapId)).toBe(t2);
  });

  it("credits T2 at once when it is already as deep as the chain needs", async () => {
    const swap = await encodedSwap();
    await confirm(swap, unknownHash(), "pending");
    await settleDropped(swap.eventId);
    const t2 = await mined();
    const { marked } = await confirm(swap, t2, "succeeded");
    expect(marked.alreadyExecuted).toBe(false);
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: t2 });
    expect(await creditedVolume(swap.eventId)).toBe("250");
    expect(await webhookTypes(swap.eventId)).toEqual(["swap.confirmed", "swap.failed"]);
  });

  it("while T1 is still pending, T2 is a CONFLICT and nothing changes", async () => {
    const swap = await encodedSwap();
    const t1 = unknownHash();
    await confirm(swap, t1, "pending");
    const t2 = await mined();
    await expect(confirmEncodedSwap(database.db, swap.swapId, t2)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash: t2, outcome: "pending" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "pending", tx_hash: t1 });
    expect(await swapTx(swap.swapId)).toBe(t1);
  });

  it("once T1 succeeded, T2 is a CONFLICT and the swap counts once", async () => {
    const swap = await encodedSwap();
    const t1 = await mined();
    await confirm(swap, t1, "succeeded");
    const t2 = await mined();
    await expect(confirmEncodedSwap(database.db, swap.swapId, t2)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash: t2 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: t1 });
    expect(await creditedVolume(swap.eventId)).toBe("250");
    expect(await swapTx(swap.swapId)).toBe(t1);
  });

  it("two re-sent transactions confirmed at once: exactly one replaces T1", async () => {
    const swap = await encodedSwap();
    await confirm(swap, unknownHash(), "pending");
    await settleDropped(swap.eventId);
    const [t2, t3] = [unknownHash(), unknownHash()];
    const results = await Promise.allSettled([t2, t3].map((hash) => confirmEncodedSwap(database.db, swap.swapId, hash)));
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.confirmedTxHash] : []));
    expect(won).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await swapTx(swap.swapId)).toBe(won[0]);

    // The usage event follows the encoded swap: only the transaction it is bound to may re-execute it.
    const lost = won[0] === t2 ? t3 : t2;
    await expect(markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash: lost })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await markEventExecuted({ db: database.db }, { eventId: swap.eventId, txHash: won[0]!, outcome: "pending" })).alreadyExecuted).toBe(false);
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "pending", tx_hash: won[0] });
  });

  it("a failed solve that is no encoded swap (a gasless solve) is never re-executed by another transaction", async () => {
    const id = newId("evt");
    const t1 = unknownHash();
    await insertUsageEvents(database.db, [{
      id, accountId, apiKeyId, eventType: "solve", chain: "base", volumeUsd: "40", isDryRun: false, isTest: false,
      txHash: t1, outcome: "failed", occurredAt: new Date(),
    } as never]);
    await expect(markEventExecuted({ db: database.db }, { eventId: id, txHash: unknownHash() })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await eventOf(id)).toMatchObject({ outcome: "failed", tx_hash: t1 });
  });
});
