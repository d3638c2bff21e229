/**
 * A gasless solve's event is durable before its transaction can reach the chain: the worker dying right after the
 * send (nothing after `sendRelayerTransaction` runs) still leaves a mined swap in the ledger, credited once. Real
 * PostgreSQL, Redis (through the Upstash REST API) and anvil; the relayer is a real send at an allocated nonce.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, keccak256, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, losingFirstAnswerClient, startAnvil, startTestDatabase, startTestRedis, type AnvilNode, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { newId } from "../ids/newId.js";
import { redisKeys } from "../redis/redisKeys.js";
import { sendRelayerTransaction } from "../relayer/sendRelayerTransaction.js";
import { drainUsageOutbox } from "../usage/drainUsageOutbox.js";
import { finalizePendingSolves } from "../usage/finalizePendingSolves.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import { storeUsageEvents } from "../usage/storeUsageEvents.js";
import { readOutboxEntry } from "../usage/usageOutbox.js";
import { holdSolveEvent } from "./holdSolveEvent.js";

let database: TestDatabase;
let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;
let apiKeyId: string;
const to = devAccounts()[5]!.address;

beforeAll(async () => {
  [database, t, anvil] = await Promise.all([
    startTestDatabase("sluice_hold_solve"),
    startTestRedis(),
    startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  accountId = (await createAccount(database.db, { slug: "hold-solve", name: "hold-solve" })).id;
  apiKeyId = (await issueApiKey(database.db, { account: "hold-solve", environment: "production" })).apiKey.id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close(), anvil?.stop()]);
});

/** The reporting worker's recorder as a binding over the same code (`storeUsageEvents`) and a real database. */
const recorder = (): UsageRecorderBinding & { records: number } => {
  const binding = {
    records: 0,
    async record(events: unknown) {
      binding.records++;
      return { ok: true as const, ...(await storeUsageEvents({ db: database.db, redis: t.redis, events })) };
    },
    markExecuted: async () => ({ ok: false as const, code: "INTERNAL" as const, error: "not used" }),
    deliverWebhooks: async () => ({ ok: true as const, attempted: 0 }),
  };
  return binding;
};

const event = () => ({
  id: newId("evt"), accountId, apiKeyId, chain: "base" as const, volumeUsd: "30", isDryRun: false, isTest: false,
  outcome: "pending" as const, occurredAt: new Date(),
});

const outboxEntry = async (id: string) => {
  const value = await t.redis.hget(redisKeys.usageOutbox, id);
  return value === null ? undefined : readOutboxEntry(value);
};

async function rowOf(id: string): Promise<{ outcome: string; tx_hash: string } | undefined> {
  const pg = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { outcome: string; tx_hash: string }[] }> } }).$client;
  return (await pg.query("select outcome, tx_hash from usage_events where id = $1", [id])).rows[0];
}

const relayerAt = (index: number) => privateKeyToAccount(devAccounts()[index]!.privateKey);

describe("a gasless solve's event is durable before its transaction is sent", () => {
  it("when the node receives the transaction, the outbox already holds the event naming its hash", async () => {
    const pending = event();
    const hold = holdSolveEvent({ redis: t.redis, usage: recorder(), chainId: 8453, event: pending });
    let heldWhenSent: string | undefined;
    const fetchFn: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { method?: string; params?: [Hex] };
      if (body.method === "eth_sendRawTransaction") {
        const entry = await outboxEntry(pending.id);
        heldWhenSent = entry?.txHash === keccak256(body.params![0]) ? "held" : `not held (${JSON.stringify(entry)})`;
      }
      return fetch(input, init);
    };
    const watched = createPublicClient({ transport: http(anvil.rpcUrl, { fetchFn }) }) as PublicClient;
    const sent = await sendRelayerTransaction({ redis: t.redis, client: watched, chainId: 8453, account: relayerAt(9), to, data: "0x", gas: 21_000n, beforeSend: hold.beforeSend });
    expect(heldWhenSent).toBe("held");
    expect(hold.heldIn()).toBe("outbox");
    expect((await outboxEntry(pending.id))?.txHash).toBe(sent.hash);
    await client.waitForTransactionReceipt({ hash: sent.hash });
  });

  it("the worker dies right after the send: the outbox's drain records the swap, and its receipt credits it once", async () => {
    const pending = event();
    const usage = recorder();
    const hold = holdSolveEvent({ redis: t.redis, usage, chainId: 8453, event: pending });
    const sent = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayerAt(9), to, data: "0x", gas: 21_000n, beforeSend: hold.beforeSend });
    // Nothing after the send runs: no write to Postgres, no release.
    expect(await rowOf(pending.id)).toBeUndefined();
    await client.waitForTransactionReceipt({ hash: sent.hash });
    await drainUsageOutbox({ db: database.db, redis: t.redis });
    expect(await rowOf(pending.id)).toEqual({ outcome: "pending", tx_hash: sent.hash });
    const finalise = () => finalizePendingSolves({ db: database.db, redis: t.redis, clientFor: () => client, eventIds: [pending.id] });
    expect(await finalise()).toMatchObject({ succeeded: 1 });
    expect(await finalise()).toMatchObject({ succeeded: 0, failed: 0 });
    expect(await rowOf(pending.id)).toEqual({ outcome: "succeeded", tx_hash: sent.hash });
    expect(usage.records).toBe(0);
  });

  it("the relayer's nonce was taken meanwhile: the attempt sent is linked to the held one, and the mined one is credited", async () => {
    const relayer = relayerAt(8);
    // The allocator learns the relayer's nonce, then the same wallet sends outside it: the next allocation is taken.
    const warm = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    await client.waitForTransactionReceipt({ hash: warm.hash });
    const wallet = createWalletClient({ account: relayer, transport: http(anvil.rpcUrl) });
    const chain = { id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const;
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ chain, to, value: 0n, gas: 21_000n }) });

    const pending = event();
    const hold = holdSolveEvent({ redis: t.redis, usage: recorder(), chainId: 8453, event: pending });
    const attempts: Hex[] = [];
    const sent = await sendRelayerTransaction({
      redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n,
      beforeSend: async (hash) => { attempts.push(hash); await hold.beforeSend(hash); },
    });
    expect(attempts.length).toBe(2);
    expect(attempts[1]).toBe(sent.hash);
    // The outbox still names the first attempt, never sent; the drain writes it as it is (the worker died).
    expect((await outboxEntry(pending.id))?.txHash).toBe(attempts[0]);
    await client.waitForTransactionReceipt({ hash: sent.hash });
    await drainUsageOutbox({ db: database.db, redis: t.redis });
    expect(await finalizePendingSolves({ db: database.db, redis: t.redis, clientFor: () => client, eventIds: [pending.id] })).toMatchObject({ succeeded: 1 });
    expect(await rowOf(pending.id)).toEqual({ outcome: "succeeded", tx_hash: sent.hash.toLowerCase() });
  });

  it("the first attempt reached the node but its answer was lost and a lagging backend did not know it: recorded under it, its swap is credited", async () => {
    // A stand-in for the executor that swaps once: the first call succeeds, every later one reverts (the permit is
    // spent). PUSH0 SLOAD ISZERO PUSH1 9 JUMPI PUSH0 DUP1 REVERT; JUMPDEST PUSH1 1 PUSH0 SSTORE; STOP.
    const swapsOnce = "0x00000000000000000000000000000000005a0e02" as const;
    await client.request({ method: "anvil_setCode" as never, params: [swapsOnce, "0x5f54156009575f80fd5b60015f5500"] as never });
    // The node takes the first attempt, but the client's retry meets "nonce too low"; the backend asked about it does
    // not know it yet: the relayer signs the swap again at a fresh nonce.
    const { client: lagging, first: firstSent } = losingFirstAnswerClient(anvil.rpcUrl);
    const pending = event();
    const hold = holdSolveEvent({ redis: t.redis, usage: recorder(), chainId: 8453, event: pending });
    const sent = await sendRelayerTransaction({ redis: t.redis, client: lagging, chainId: 8453, account: relayerAt(3), to: swapsOnce, data: "0x", gas: 100_000n, beforeSend: hold.beforeSend });
    // Both were mined: the first swapped, the one re-signed (what the send answers) reverted.
    const first = firstSent();
    expect(sent.hash).not.toBe(first);
    expect((await client.waitForTransactionReceipt({ hash: first! })).status).toBe("success");
    expect((await client.waitForTransactionReceipt({ hash: sent.hash })).status).toBe("reverted");
    // The write after the answer, then the outbox lets go of its copy.
    await hold.record();
    expect(await outboxEntry(pending.id)).toBeUndefined();
    expect(await finalizePendingSolves({ db: database.db, redis: t.redis, clientFor: () => client, eventIds: [pending.id] })).toMatchObject({ succeeded: 1, failed: 0 });
    expect(await rowOf(pending.id)).toEqual({ outcome: "succeeded", tx_hash: first });
  });

  it("the node refuses the transaction: nothing was sent, and the held event is let go of", async () => {
    const pending = event();
    const hold = holdSolveEvent({ redis: t.redis, usage: recorder(), chainId: 8453, event: pending });
    // A gas limit below the intrinsic 21 000: every node refuses it.
    await expect(sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayerAt(7), to, data: "0x", gas: 20_000n, beforeSend: hold.beforeSend }))
      .rejects.toMatchObject({ code: "TRANSACTION_REJECTED" });
    expect(await outboxEntry(pending.id)).toBeDefined();
    await hold.release();
    expect(await outboxEntry(pending.id)).toBeUndefined();
  });

  it("Redis refuses the hold: the event is written to Postgres before the send", async () => {
    const pending = event();
    const usage = recorder();
    const refusing = { ...t.redis, hset: async () => { throw new Error("connection refused"); } } as unknown as typeof t.redis;
    const hold = holdSolveEvent({ redis: refusing, usage, chainId: 8453, event: pending });
    let rowWhenSent: unknown;
    const fetchFn: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? "{}")) as { method?: string };
      if (body.method === "eth_sendRawTransaction") rowWhenSent = await rowOf(pending.id);
      return fetch(input, init);
    };
    const watched = createPublicClient({ transport: http(anvil.rpcUrl, { fetchFn }) }) as PublicClient;
    const sent = await sendRelayerTransaction({ redis: t.redis, client: watched, chainId: 8453, account: relayerAt(9), to, data: "0x", gas: 21_000n, beforeSend: hold.beforeSend });
    expect(rowWhenSent).toEqual({ outcome: "pending", tx_hash: sent.hash });
    expect(hold.heldIn()).toBe("postgres");
    expect(usage.records).toBe(1);
    await client.waitForTransactionReceipt({ hash: sent.hash });
  });

  it("neither Redis nor Postgres takes the event: nothing is sent, the nonce goes back, DEPENDENCY_DOWN", async () => {
    const relayer = relayerAt(6);
    const refusing = { ...t.redis, hset: async () => { throw new Error("connection refused"); } } as unknown as typeof t.redis;
    const down: UsageRecorderBinding = { ...recorder(), record: async () => ({ ok: false, code: "DEPENDENCY_DOWN", error: "Postgres is down" }) };
    const hold = holdSolveEvent({ redis: refusing, usage: down, chainId: 8453, event: event() });
    const before = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    await expect(sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n, beforeSend: hold.beforeSend }))
      .rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(before);
    const holes = await t.redis.eval<string[], string[]>("return redis.call('ZRANGE', KEYS[1], 0, -1)", [redisKeys.relayer(8453, relayer.address).holes], []);
    expect(holes.map(String)).toEqual([String(before)]);
  });
});
