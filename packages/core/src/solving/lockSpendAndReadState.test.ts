/**
 * A gasless solve's reads under the spend lock, against a real anvil node and a real Redis reached as the workers
 * reach it (through the local REST bridge, which counts commands and round trips): the lock and the pending-spend
 * record in one round trip, then the record's transactions on chain, then the permit's chain state.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hash, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startCountedTestRedis, type AnvilNode, type CountedTestRedis } from "@sluice/testkit";
import { acquireSpendLock } from "../permit/acquireSpendLock.js";
import { recordPendingSpend } from "../permit/recordPendingSpend.js";
import { redisKeys } from "../redis/redisKeys.js";
import { lockSpendAndReadState } from "./lockSpendAndReadState.js";

const USDC = getAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
const unmined = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;
const newOwner = (): Address => privateKeyToAccount(generatePrivateKey()).address;

let t: CountedTestRedis;
let anvil: AnvilNode;
let client: PublicClient;
/** The node's methods in the order the client sent them. */
let methods: string[] = [];
beforeAll(async () => {
  [t, anvil] = await Promise.all([startCountedTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl, { onFetchRequest: async (request) => {
    const body = JSON.parse(await request.clone().text()) as { method: string } | { method: string }[];
    for (const call of [body].flat()) methods.push(call.method);
  } }) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

/** A transaction the node has mined. */
async function minedTransaction(): Promise<Hash> {
  const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts()[3]!.privateKey), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({ to: devAccounts()[4]!.address, value: 1n, chain: null });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

const redisSince = (before: ReturnType<CountedTestRedis["counter"]["snapshot"]>) => {
  const now = t.counter.snapshot().redis!;
  const byName = Object.fromEntries(Object.entries(now.byName)
    .map(([name, n]) => [name, n - (before.redis?.byName[name] ?? 0)]).filter(([, n]) => n !== 0));
  return { roundTrips: now.roundTrips - (before.redis?.roundTrips ?? 0), byName };
};

describe("lockSpendAndReadState", () => {
  it("the lock and the pending-spend record in one Redis round trip; the record summed exactly; the chain state read after", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    await recordPendingSpend(t.redis, { ...spend, txHash: unmined(1), amount: 2n ** 200n + 7n });
    await recordPendingSpend(t.redis, { ...spend, txHash: unmined(2), amount: 10n ** 30n });
    const before = t.counter.snapshot();
    methods = [];
    const held = await lockSpendAndReadState({ redis: t.redis, client, ...spend, nonce: 1n });
    expect(held.pendingSpend).toBe(2n ** 200n + 7n + 10n ** 30n);
    // The lock and the record: one EVAL. Then, beside each in-flight transaction's receipt lookup, whether the relayer
    // repair replaced it (`readRelayedReceipt`), one HGETALL each, and how it was sent (`readPendingSpend`), one HGET
    // each, all in parallel (the client batches the two HGETs into one request).
    expect(redisSince(before)).toEqual({ roundTrips: 4, byName: { EVAL: 1, HGETALL: 2, HGET: 2 } });
    await held.state.catch(() => { /* no Permit2 on a bare node: only the order of the reads is looked at */ });
    expect(methods.filter((m) => m === "eth_getTransactionReceipt")).toHaveLength(2);
    expect(methods.lastIndexOf("eth_getTransactionReceipt")).toBeLessThan(methods.indexOf("eth_call"));
    await held.release();
  });

  it("a mined transaction leaves the record (the balance read after shows it spent); those without a receipt stay", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    const key = redisKeys.pendingSpend(spend.chainId, spend.owner, spend.token);
    const mined = await minedTransaction();
    await recordPendingSpend(t.redis, { ...spend, txHash: mined, amount: 40n });
    await recordPendingSpend(t.redis, { ...spend, txHash: unmined(3), amount: 2n ** 96n });
    const before = t.counter.snapshot();
    const held = await lockSpendAndReadState({ redis: t.redis, client, ...spend, nonce: 1n });
    expect(held.pendingSpend).toBe(2n ** 96n);
    // The mined one's entry and its send let go of in one pipeline.
    expect(redisSince(before)).toEqual({ roundTrips: 5, byName: { EVAL: 1, HGETALL: 2, HGET: 2, HDEL: 2 } });
    expect(await t.redis.hgetall(key)).toEqual({ [unmined(3)]: `raw:${2n ** 96n}` });
    await held.state.catch(() => {});
    await held.release();
  });

  it("a pending-spend read that fails releases the lock", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    await t.redis.hset(redisKeys.pendingSpend(spend.chainId, spend.owner, spend.token), { [unmined(4)]: "raw:not-an-amount" });
    await expect(lockSpendAndReadState({ redis: t.redis, client, ...spend, nonce: 1n })).rejects.toThrow(SyntaxError);
    expect(await t.redis.exists(redisKeys.spendLock(spend.chainId, spend.owner, spend.token))).toBe(0);
    await (await acquireSpendLock(t.redis, spend)).release();
  });

  it("waits for the lock another solve holds, and reads what that solve recorded before releasing it", async () => {
    const spend = { chainId: 8453, owner: newOwner(), token: USDC };
    const first = await lockSpendAndReadState({ redis: t.redis, client, ...spend, nonce: 1n });
    expect(first.pendingSpend).toBe(0n);
    const second = lockSpendAndReadState({ redis: t.redis, client, ...spend, nonce: 2n });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await recordPendingSpend(t.redis, { ...spend, txHash: unmined(5), amount: 25_000_000n });
    await first.release();
    const held = await second;
    expect(held.pendingSpend).toBe(25_000_000n);
    await Promise.all([first.state.catch(() => {}), held.state.catch(() => {})]);
    await held.release();
  });
});
