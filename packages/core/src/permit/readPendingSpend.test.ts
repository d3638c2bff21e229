/**
 * The owner's pending spend against a real anvil node and a real Redis: an entry whose transaction can never be mined
 * (its relayer nonce spent by another transaction in a finalized block) stops holding the owner's balance; anything
 * that might still be mined keeps holding it. anvil's finalized block is 64 blocks behind its head.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hash, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode } from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { readPendingSpend } from "./readPendingSpend.js";
import { recordPendingSpend } from "./recordPendingSpend.js";

const USDC = getAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913");
const neverSent = (n: number) => `0x${n.toString(16).padStart(64, "e")}` as Hash;
const relayer = privateKeyToAccount(devAccounts()[7]!.privateKey);
const MINUTE = 60_000;

let redis: Awaited<ReturnType<typeof startTestRedis>>;
let anvil: AnvilNode;
let client: PublicClient;
/** The node's methods, in the order the client sent them. */
let methods: string[] = [];
beforeAll(async () => {
  [redis, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl, { onFetchRequest: async (request) => {
    const body = JSON.parse(await request.clone().text()) as { method: string } | { method: string }[];
    for (const call of [body].flat()) methods.push(call.method);
  } }) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([redis?.close(), anvil?.stop()]);
});

const spendOf = () => ({ chainId: 8453, owner: privateKeyToAccount(generatePrivateKey()).address, token: USDC });
const read = (spend: ReturnType<typeof spendOf>, now = Date.now()) => readPendingSpend(redis.redis, { ...spend, client, now });
const record = (spend: ReturnType<typeof spendOf>) => ({
  entries: async () => (await redis.redis.hgetall<Record<string, string>>(redisKeys.pendingSpend(spend.chainId, spend.owner, spend.token))) ?? {},
  sends: async () => (await redis.redis.hgetall<Record<string, string>>(redisKeys.pendingSpendSends(spend.chainId, spend.owner, spend.token))) ?? {},
});

/** The relayer spends its next nonce on a transaction of its own (as the repair's plug does) and it is mined. */
async function spendRelayerNonce(): Promise<number> {
  const nonce = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
  const wallet = createWalletClient({ account: relayer, transport: http(anvil.rpcUrl) });
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: relayer.address, value: 0n, chain: null, nonce }) });
  return nonce;
}

const mine = (blocks: number) => client.request({ method: "anvil_mine" as never, params: [`0x${blocks.toString(16)}`] as never });

describe("readPendingSpend lets go of an entry only once its transaction can never be mined", () => {
  it("an attempt left behind whose relayer nonce another transaction spent: held until that block is finalized, then let go of", async () => {
    const spend = spendOf();
    const nonce = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    const sentAtMs = Date.now() - 10 * MINUTE;
    await recordPendingSpend(redis.redis, { ...spend, txHash: neverSent(1), amount: 2n ** 100n + 1n, send: { relayer: relayer.address, nonce, sentAtMs } });
    expect(await read(spend)).toBe(2n ** 100n + 1n); // the nonce is free: that transaction may still go out
    expect(await spendRelayerNonce()).toBe(nonce);
    expect(await read(spend)).toBe(2n ** 100n + 1n); // spent at the head only: a reorganisation could free it again
    await mine(64);
    expect(await read(spend)).toBe(0n);
    expect(await record(spend).entries()).toEqual({});
    expect(await record(spend).sends()).toEqual({});
  });

  it("keeps what may still be mined: a young entry (no nonce read), a nonce not yet spent, an entry without its send (a worker's from before), an unanswered node", async () => {
    const spend = spendOf();
    const spent = await spendRelayerNonce();
    await mine(64);
    const next = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    const old = Date.now() - 10 * MINUTE;
    await recordPendingSpend(redis.redis, { ...spend, txHash: neverSent(2), amount: 3n, send: { relayer: relayer.address, nonce: spent, sentAtMs: Date.now() } });
    await recordPendingSpend(redis.redis, { ...spend, txHash: neverSent(3), amount: 5n, send: { relayer: relayer.address, nonce: next, sentAtMs: old } });
    await recordPendingSpend(redis.redis, { ...spend, txHash: neverSent(4), amount: 7n });
    methods = [];
    expect(await read(spend)).toBe(15n);
    // One nonce read, for the old entry only.
    expect(methods.filter((m) => m === "eth_getTransactionCount")).toHaveLength(1);
    expect(Object.keys(await record(spend).entries()).sort()).toEqual([neverSent(2), neverSent(3), neverSent(4)].sort());
    // The young entry's nonce is spent: a minute on, it is let go of; the others stay.
    expect(await read(spend, Date.now() + MINUTE)).toBe(12n);
    // A node that does not answer leaves the entries counted.
    const silent = createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0 }) }) as PublicClient;
    expect(await readPendingSpend(redis.redis, { ...spend, client: silent, now: Date.now() + 10 * MINUTE })).toBe(12n);
  });
});
