/**
 * A gasless solve whose first send reached the node but whose answer was lost: the client's retry meets "nonce too
 * low", a lagging backend does not know the first attempt yet, and the relayer signs the swap again at a fresh nonce.
 * Both are mined: the first swaps, the second reverts (the permit is spent). The solve counts what the chain did — the
 * first one succeeded — in its event, its webhook and the owner's gasless budget. Real PostgreSQL, Redis (through the
 * Upstash REST API) and anvil; the executor stands in as a contract that succeeds once and reverts after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type Hash, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, losingFirstAnswerClient, startAnvil, startTestDatabase, startTestRedis, type AnvilNode, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { encodeExecutorSwap } from "../executor/encodeExecutorSwap.js";
import { newId } from "../ids/newId.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import { storeUsageEvents } from "../usage/storeUsageEvents.js";
import { sendGaslessSolve } from "./sendGaslessSolve.js";
import type { SolveContext } from "./solveContext.js";

let database: TestDatabase;
let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;
let apiKeyId: string;
const relayer = privateKeyToAccount(devAccounts()[4]!.privateKey);
/**
 * An executor stand-in that swaps once: the first call marks slot 0 and answers an output of 255, every later call
 * reverts (as a permit already spent does). PUSH0 SLOAD ISZERO PUSH1 9 JUMPI PUSH0 DUP1 REVERT; JUMPDEST PUSH1 1
 * PUSH0 SSTORE; return 255.
 */
const swapsOnce = "0x00000000000000000000000000000000005a0e01" as const;
const SWAPS_ONCE_CODE = "0x5f54156009575f80fd5b60015f5560ff5f5260205ff3";

beforeAll(async () => {
  [database, t, anvil] = await Promise.all([
    startTestDatabase("sluice_gasless_lost_answer"),
    startTestRedis(),
    startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  await client.request({ method: "anvil_setCode" as never, params: [swapsOnce, SWAPS_ONCE_CODE] as never });
  accountId = (await createAccount(database.db, { slug: "lost-answer", name: "lost-answer" })).id;
  apiKeyId = (await issueApiKey(database.db, { account: "lost-answer", environment: "production" })).apiKey.id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), t?.close(), anvil?.stop()]);
});

/** The reporting worker's recorder as a binding over the same code (`storeUsageEvents`) and a real database. */
const usage = (): UsageRecorderBinding => ({
  record: async (events) => ({ ok: true as const, ...(await storeUsageEvents({ db: database.db, redis: t.redis, events })) }),
  markExecuted: async () => ({ ok: false as const, code: "INTERNAL" as const, error: "not used" }),
  deliverWebhooks: async () => ({ ok: true as const, attempted: 0 }),
});


/** The solve after its re-quote and checks, as `solveSwap` hands it over: only what the send reads is filled in. */
function solveContext(chainClient: PublicClient, owner: `0x${string}`, later: Promise<unknown>[]): SolveContext {
  const [tokenIn, tokenOut, pool] = [devAccounts()[1]!.address, devAccounts()[2]!.address, devAccounts()[3]!.address];
  const permit = { permitted: { token: tokenIn, amount: 7n }, nonce: 1n, deadline: BigInt(Math.floor(Date.now() / 1000) + 600) };
  const data = encodeExecutorSwap({
    permit, owner, signature: "0x1234", route: { splits: [{ amountIn: 7n, hops: [{ kind: "v2", pool, tokenIn, tokenOut }] }] },
    minAmountOut: 1n, recipient: owner,
  });
  const quote = {
    tokenIn: { address: tokenIn, symbol: "IN", decimals: 6 }, tokenOut: { address: tokenOut, symbol: "OUT", decimals: 6 }, amountIn: 7n, amountOut: 255n,
    volumeUsd: "30", rate: "36", protocol: "uniswap-v2", poolAddress: pool, priceImpactBps: 0, block: 1n,
    route: { splits: [{ amountIn: 7n, amountOut: 255n, hops: [{ poolAddress: pool, protocol: "uniswap-v2", tokenIn, tokenOut, amountIn: 7n, amountOut: 255n }] }] },
  };
  const context = {
    services: { redis: t.redis, time: <T>(_: string, work: () => T | Promise<T>) => Promise.resolve(work()) },
    chain: {
      id: 8453, name: "base", client: chainClient, settings: { maxFeePerGasWei: 10n ** 12n, gaslessGasPerHop: 250_000n, minRelayerBalanceWei: 0n, confirmations: 1 },
      deployment: { relayers: [relayer.address] },
    },
    auth: { accountId, keyId: apiKeyId }, usage: usage(), user: owner, executor: swapsOnce, data, minAmountOut: 1n, permit,
    event: { id: newId("evt"), accountId, apiKeyId, chain: "base", volumeUsd: "30", isTest: false, swap: { owner, tokenIn, tokenOut } },
    quote, transaction: { to: swapsOnce, data, value: "0", chain: "base" }, started: Date.now(),
    relayerStuckAfterMs: 600_000,
    // The work after the answer (the event's write, the receipt's finalisation) is awaited by the test.
    background: (work: Promise<unknown>) => void later.push(work),
    openDb: () => ({ db: database.db, close: async () => {} }),
  };
  return context as unknown as SolveContext;
}

async function rowOf(id: string): Promise<{ outcome: string; tx_hash: string } | undefined> {
  const pg = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { outcome: string; tx_hash: string }[] }> } }).$client;
  return (await pg.query("select outcome::text as outcome, tx_hash from usage_events where id = $1", [id])).rows[0];
}

describe("a gasless solve re-signed after its first send's answer was lost", () => {
  it("both mined, the first swapped and the second reverted: the event settles succeeded under the first, and no revert counts against the owner", async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const chain = losingFirstAnswerClient(anvil.rpcUrl);
    const later: Promise<unknown>[] = [];
    let slotsGivenBack = 0;
    const s = solveContext(chain.client, owner, later);
    const answer = await sendGaslessSolve(s, {
      relayer: Promise.resolve(relayer), fees: client.estimateFeesPerGas(), releaseLock: async () => {},
      slot: { release: async () => void slotsGivenBack++ },
    });
    // The premise: the first attempt went out and swapped; the answer names the one re-signed, which reverted.
    const first = chain.first()!.toLowerCase() as Hash;
    const resigned = answer.transaction.txHash!.toLowerCase() as Hash;
    expect(resigned).not.toBe(first);
    expect((await client.waitForTransactionReceipt({ hash: first })).status).toBe("success");
    expect((await client.waitForTransactionReceipt({ hash: resigned })).status).toBe("reverted");

    // After the answer: the event is written, the receipt read, the outcome settled (what the worker's waitUntil runs).
    while (later.length) await Promise.all(later.splice(0));
    expect(await rowOf(s.event.id)).toEqual({ outcome: "succeeded", tx_hash: first });
    // The re-signed attempt's revert is Sluice's own doing, not the owner's: never counted against it.
    expect(await t.redis.get(redisKeys.gaslessReverts(8453, owner))).toBeNull();
    expect(await t.redis.exists(redisKeys.gaslessOwnerProven(8453, owner))).toBe(1);
    expect(slotsGivenBack).toBe(1);
  });
});
