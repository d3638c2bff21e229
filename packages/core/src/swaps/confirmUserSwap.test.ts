/**
 * `/confirm` as an attacker would try it, driven through `confirmUserSwap` itself against a real PostgreSQL and a real
 * anvil node whose chain needs 3 confirmations: volume counts only once the chain proves it, deep enough, once. The
 * executor stands in as an address without code, so the chain accepts any calldata sent to it: what refuses is
 * Sluice, not the contract. A reorganisation is anvil's `evm_revert`.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, custom, http, type Hash, type Hex, type PrivateKeyAccount, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestDatabase, type AnvilNode, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { RequestChain } from "../http/createRequestChain.js";
import { newId } from "../ids/newId.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";
import { insertUsageEvents } from "../usage/insertUsageEvents.js";
import { markEventExecuted } from "../usage/markEventExecuted.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import { confirmUserSwap } from "./confirmUserSwap.js";
import { rememberEncodedSwap } from "./rememberEncodedSwap.js";

const CONFIRMATIONS = 3;

let database: TestDatabase;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;
let apiKeyId: string;

beforeAll(async () => {
  [database, anvil] = await Promise.all([
    startTestDatabase("sluice_swaps_confirm"),
    startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  accountId = (await createAccount(database.db, { slug: "confirm", name: "confirm" })).id;
  apiKeyId = (await issueApiKey(database.db, { account: "confirm", environment: "production" })).apiKey.id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), anvil?.stop()]);
});

const owner = () => privateKeyToAccount(devAccounts()[5]!.privateKey);
const stranger = () => privateKeyToAccount(devAccounts()[6]!.privateKey);
const executor = () => devAccounts()[9]!.address;
const relayer = () => devAccounts()[8]!.address;
const base = (rpcUrl: string) => ({ id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } as const);

/** The chain as a request sees it: the executor, one relayer, and a confirmation depth of 3. */
const requestChain = () => ({
  name: "base", id: 8453, client,
  deployment: { rpcUrl: anvil.rpcUrl, executor: executor(), relayers: [relayer()], confirmations: CONFIRMATIONS },
}) as unknown as RequestChain;

/** The reporting worker's recorder, in process: `markExecuted` answers errors as values, as over the binding. */
const usage = (): UsageRecorderBinding => ({
  record: () => { throw new Error("not used by /confirm"); },
  markExecuted: async (eventId, txHash, outcome) => {
    try {
      return { ok: true as const, ...(await markEventExecuted({ db: database.db }, { eventId, txHash, outcome })) };
    } catch (error) {
      if (error instanceof SluiceError) return { ok: false as const, code: error.code, error: error.message };
      throw error;
    }
  },
  deliverWebhooks: async () => ({ ok: true as const, attempted: 0 }),
});

const confirm = (txHash: Hash, caller = accountId, chain = requestChain()) =>
  confirmUserSwap({ db: database.db, chain, accountId: caller, txHash, usage: usage() });

/**
 * The chain through a provider whose node still answers every transaction from its pool, as pending, while another
 * node already has its receipt (as anvil itself does for a moment after mining).
 */
function chainAnsweringPending(): RequestChain {
  const forward = createPublicClient({ transport: http(anvil.rpcUrl) });
  const lagging = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        const answer = await forward.request({ method, params } as never) as Record<string, unknown> | null;
        return method === "eth_getTransactionByHash" && answer ? { ...answer, blockHash: null, blockNumber: null, transactionIndex: null } : answer;
      },
    }),
  }) as PublicClient;
  return { ...requestChain(), client: lagging } as RequestChain;
}

/** The chain through a provider that answers the first receipt read, then fails every later one (an RPC outage). */
function chainFailingReceiptsAfterFirst(): RequestChain {
  const forward = createPublicClient({ transport: http(anvil.rpcUrl) });
  let receipts = 0;
  const failing = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (method === "eth_getTransactionReceipt" && receipts++ > 0) throw new Error("HTTP request failed: 503 Service Unavailable");
        return forward.request({ method, params } as never);
      },
    }),
  }) as PublicClient;
  return { ...requestChain(), client: failing } as RequestChain;
}

/**
 * An encode-only solve as `/solve` leaves it: its dry-run usage event and the encoded swap pointing at it. `by` another
 * account and `data` given: that account encoding the same calldata (the same signed permit and route).
 */
async function encodedSwap(by = accountId, data = `0x${randomBytes(96).toString("hex")}` as Hex, { eventWritten = true } = {}): Promise<{ eventId: string; data: Hex; remembered: string }> {
  const eventId = newId("evt");
  if (eventWritten) await writeSolveEvent(eventId, by);
  const remembered = await rememberEncodedSwap(database.db, {
    accountId: by, apiKeyId: by === accountId ? apiKeyId : null as never, chain: "base", executor: executor(), data, owner: owner().address,
    permitNonce: 7n, tokenIn: devAccounts()[1]!.address, tokenOut: devAccounts()[2]!.address, amountIn: 10n ** 18n,
    quotedAmountOut: 2_500n * 10n ** 6n, minAmountOut: 2_490n * 10n ** 6n, volumeUsd: "250", usageEventId: eventId,
  });
  return { eventId, data, remembered };
}

/** The encode-only solve's dry-run usage event, as the usage recorder writes it. */
async function writeSolveEvent(eventId: string, by = accountId): Promise<void> {
  await insertUsageEvents(database.db, [{
    id: eventId, accountId: by, apiKeyId: by === accountId ? apiKeyId : null, eventType: "solve", chain: "base", volumeUsd: "250", isDryRun: true,
    isTest: false, occurredAt: new Date(Date.now() - 60_000),
  } as never]);
}

/** Signs the call to the executor (the raw transaction is kept, so it can be sent again after a reorganisation). */
async function signed(data: Hex, from: PrivateKeyAccount = owner()): Promise<Hex> {
  const wallet = createWalletClient({ account: from, chain: base(anvil.rpcUrl), transport: http(anvil.rpcUrl) });
  const request = await wallet.prepareTransactionRequest({ to: executor(), data, value: 0n, gas: 100_000n });
  return wallet.signTransaction(request);
}

async function mine(raw: Hex): Promise<Hash> {
  const hash = await client.sendRawTransaction({ serializedTransaction: raw });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash.toLowerCase() as Hash;
}

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  return client.request({ method: method as never, params: params as never });
}

async function query<T>(text: string, params: unknown[]): Promise<{ rows: T[] }> {
  const pg = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: T[] }> } }).$client;
  return pg.query(text, params);
}

async function eventOf(id: string) {
  return (await query<{ outcome: string | null; tx_hash: string | null; is_dry_run: boolean }>(
    "select outcome::text as outcome, tx_hash, is_dry_run from usage_events where id = $1", [id])).rows[0]!;
}

/** What the ledger counts of this event: its volume if it is an executed, succeeded, non-test solve. */
async function creditedVolume(eventId: string): Promise<string> {
  return (await query<{ volume: string }>(
    "select trim_scale(coalesce(sum(volume_usd), 0))::text as volume from usage_events where id = $1 and event_type = 'solve' and not is_dry_run and not is_test and outcome = 'succeeded'",
    [eventId])).rows[0]!.volume;
}

describe("confirmUserSwap counts a user-paid swap only once the chain's confirmation depth proves it", () => {
  it("a shallow transaction is pending and counts nothing; confirmed again once deep enough it counts, once", async () => {
    const swap = await encodedSwap();
    const hash = await mine(await signed(swap.data));
    expect(await confirm(hash)).toMatchObject({ status: "pending", confirmations: { current: 1, required: CONFIRMATIONS }, volumeUsd: 250 });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "pending", tx_hash: hash, is_dry_run: false });
    expect(await creditedVolume(swap.eventId)).toBe("0");
    await rpc("anvil_mine", ["0x2"]);
    expect(await confirm(hash)).toMatchObject({ status: "executed", confirmations: { current: 3, required: CONFIRMATIONS } });
    expect(await confirm(hash)).toMatchObject({ status: "executed" });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: hash });
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  it("confirmed again once deep enough, but the receipt cannot be read to settle it: answered pending, as the ledger has it", async () => {
    const swap = await encodedSwap();
    const hash = await mine(await signed(swap.data));
    expect(await confirm(hash)).toMatchObject({ status: "pending" });
    await rpc("anvil_mine", ["0x2"]);
    // /confirm reads the receipt (success, 3 deep); the finaliser's read of it then fails: nothing is settled.
    expect(await confirm(hash, accountId, chainFailingReceiptsAfterFirst())).toMatchObject({ status: "pending", confirmations: { current: 3 } });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "pending" });
    expect(await creditedVolume(swap.eventId)).toBe("0");
    // Once the receipt reads again, it settles and counts, once.
    expect(await confirm(hash)).toMatchObject({ status: "executed" });
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  it("a shallow transaction a reorganisation removes never counts: unknown to /confirm, failed once settled", async () => {
    const swap = await encodedSwap();
    const snapshot = await rpc("evm_snapshot");
    const hash = await mine(await signed(swap.data));
    expect(await confirm(hash)).toMatchObject({ status: "pending" });
    expect(await rpc("evm_revert", [snapshot])).toBe(true);
    await rpc("anvil_mine", ["0x3"]);
    await expect(confirm(hash)).rejects.toMatchObject({ code: "NOT_FOUND", message: expect.stringMatching(/^Unknown transaction/) });
    expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, confirmationsFor: () => CONFIRMATIONS, eventIds: [swap.eventId], droppedAfterMs: 0 }))
      .toEqual({ succeeded: 0, failed: 1, stillPending: 0 });
    expect(await creditedVolume(swap.eventId)).toBe("0");
  });

  it("the very transaction a reorganisation removed, mined again later (same hash), counts once when confirmed again", async () => {
    const swap = await encodedSwap();
    const snapshot = await rpc("evm_snapshot");
    const raw = await signed(swap.data);
    const hash = await mine(raw);
    expect(await confirm(hash)).toMatchObject({ status: "pending" });
    expect(await rpc("evm_revert", [snapshot])).toBe(true);
    // Not mined again within the dropped window: settled failed.
    expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, confirmationsFor: () => CONFIRMATIONS, eventIds: [swap.eventId], droppedAfterMs: 0 }))
      .toEqual({ succeeded: 0, failed: 1, stillPending: 0 });
    // The signed transaction is broadcast again (any node or wallet that kept it may): the chain now shows it succeeded.
    expect(await mine(raw)).toBe(hash);
    await rpc("anvil_mine", ["0x2"]);
    const answer = await confirm(hash);
    expect(answer).toMatchObject({ status: "executed", txHash: hash, volumeUsd: 250 });
    // What /confirm answers is what the ledger counts.
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: hash });
    expect(await creditedVolume(swap.eventId)).toBe("250");
    expect(await confirm(hash)).toEqual(answer);
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  it("a mined transaction a provider's node still answers as pending is confirmed from its receipt; one without a receipt is still pending", async () => {
    const swap = await encodedSwap();
    const hash = await mine(await signed(swap.data));
    expect(await confirm(hash, accountId, chainAnsweringPending())).toMatchObject({ status: "pending", confirmations: { current: 1 } });
    await rpc("anvil_mine", ["0x2"]);
    expect(await confirm(hash, accountId, chainAnsweringPending())).toMatchObject({ status: "executed" });
    expect(await creditedVolume(swap.eventId)).toBe("250");
    // Truly pending: no receipt anywhere, nothing changes.
    const next = await encodedSwap();
    await rpc("evm_setAutomine", [false]);
    try {
      const sent = await client.sendRawTransaction({ serializedTransaction: await signed(next.data) });
      await expect(confirm(sent)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/still pending/) });
      expect(await eventOf(next.eventId)).toMatchObject({ outcome: null, is_dry_run: true });
    } finally {
      await rpc("evm_setAutomine", [true]);
      await rpc("anvil_mine", ["0x1"]);
    }
  });

  it("the exact calldata sent by someone other than the permit's owner (an executor caller outside this deployment's relayers) counts nothing", async () => {
    const swap = await encodedSwap();
    const hash = await mine(await signed(swap.data, stranger()));
    await expect(confirm(hash)).rejects.toMatchObject({ code: "TRANSACTION_REJECTED", message: expect.stringMatching(/not by the permit's owner/) });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: null, tx_hash: null, is_dry_run: true });
    // The owner's own transaction of it still counts.
    const own = await mine(await signed(swap.data));
    await rpc("anvil_mine", ["0x2"]);
    expect(await confirm(own)).toMatchObject({ status: "executed" });
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  it("two transactions of one encoded swap confirmed at once: one counts, the other is a CONFLICT", async () => {
    const swap = await encodedSwap();
    const [first, second] = [await mine(await signed(swap.data)), await mine(await signed(swap.data))];
    await rpc("anvil_mine", ["0x2"]);
    const results = await Promise.allSettled([confirm(first), confirm(second), confirm(first), confirm(second)]);
    const won = [...new Set(results.flatMap((r) => (r.status === "fulfilled" ? [r.value.txHash] : [])))];
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect(await eventOf(swap.eventId)).toMatchObject({ outcome: "succeeded", tx_hash: won[0] });
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  // The solve's usage event can be missing for a while (held for the operator after the recorder's outage): the
  // partner is told to confirm again later, without Sluice's internal ids, and the swap counts once the event is back.
  it("a swap whose usage event is not written yet: 503 to confirm again later, naming no internal id; counts once it is written", async () => {
    const swap = await encodedSwap(accountId, undefined, { eventWritten: false });
    const hash = await mine(await signed(swap.data));
    await rpc("anvil_mine", ["0x2"]);
    const refused = await confirm(hash).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringMatching(/not written yet.*confirm again later/) });
    expect((refused as Error).message).not.toMatch(/evt_/);
    await writeSolveEvent(swap.eventId);
    expect(await confirm(hash)).toMatchObject({ status: "executed", volumeUsd: 250 });
    expect(await creditedVolume(swap.eventId)).toBe("250");
  });

  it("another account confirming the swap's transaction learns nothing and credits nobody", async () => {
    const swap = await encodedSwap();
    const other = (await createAccount(database.db, { slug: `other-${randomBytes(3).toString("hex")}`, name: "other" })).id;
    const hash = await mine(await signed(swap.data));
    await rpc("anvil_mine", ["0x2"]);
    await expect(confirm(hash, other)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await eventOf(swap.eventId)).toMatchObject({ is_dry_run: true });
  });

  it("calldata another account encoded first (the permit's claim in Redis lost) is refused to the second: its swap is never credited to the first", async () => {
    const other = (await createAccount(database.db, { slug: `first-${randomBytes(3).toString("hex")}`, name: "first" })).id;
    const first = await encodedSwap(other);
    expect(first.remembered).toBe(first.eventId);
    // The same permit and route encoded by this account: the row exists, and is the other account's.
    await expect(encodedSwap(accountId, first.data)).rejects.toMatchObject({
      code: "PERMIT_INVALID", message: expect.stringMatching(/already in use through another Sluice integration/),
    });
    // The account that encoded it first still gets its own row back (a retried solve is one event).
    expect((await encodedSwap(other, first.data)).remembered).toBe(first.eventId);
  });
});
