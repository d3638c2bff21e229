/**
 * A gasless solve counts only once its receipt says so — against a real PostgreSQL and a real anvil node: a mined
 * success becomes `succeeded`, a mined revert `failed`, a transaction with no receipt stays `pending` until it is
 * old enough to be taken as dropped, and a second finaliser changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, type Hash, type PublicClient } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startSilentServer, startTestDatabase, startTestRedis, type AnvilNode, type TestDatabase, type TestRedis } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { encodeExecutorSwap } from "../executor/encodeExecutorSwap.js";
import { recordGaslessRevert } from "../gasBudget/recordGaslessRevert.js";
import { accountGaslessWindow } from "../gasBudget/accountGaslessWindow.js";
import { newId } from "../ids/newId.js";
import { readPendingSpend } from "../permit/readPendingSpend.js";
import { redisKeys } from "../redis/redisKeys.js";
import { recordPendingSpend } from "../permit/recordPendingSpend.js";
import { repairRelayerNonces } from "../relayer/repairRelayerNonces.js";
import { sendRelayerTransaction } from "../relayer/sendRelayerTransaction.js";
import { rememberEncodedSwap } from "../swaps/rememberEncodedSwap.js";
import { finalizePendingSolves } from "./finalizePendingSolves.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { markEventExecuted } from "./markEventExecuted.js";

let database: TestDatabase;
let redis: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
let accountId: string;

beforeAll(async () => {
  [database, redis, anvil] = await Promise.all([
    startTestDatabase("sluice_usage"),
    startTestRedis(),
    startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) }),
  ]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  accountId = (await createAccount(database.db, { slug: "finalize", name: "finalize" })).id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), redis?.close(), anvil?.stop()]);
});

const REVERTER = "0x00000000000000000000000000000000000000ff" as const;

/** A mined transaction: a plain transfer ("0x"), or a call to a contract that always reverts (PUSH0 PUSH0 REVERT). */
async function send(data: `0x${string}`): Promise<Hash> {
  const wallet = createWalletClient({ account: privateKeyToAccount(devAccounts()[3]!.privateKey), transport: http(anvil.rpcUrl) });
  const chain = { id: 8453, name: "base", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const;
  const hash = await wallet.sendTransaction({ chain, to: data === "0x" ? devAccounts()[4]!.address : REVERTER, data, value: 0n, gas: 100_000n });
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

async function pending(txHash: string, ageMs = 0): Promise<string> {
  const id = newId("evt");
  await insertUsageEvents(database.db, [{
    id, accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30", isDryRun: false, isTest: false,
    txHash, outcome: "pending", occurredAt: new Date(Date.now() - ageMs),
  } as never]);
  return id;
}

async function outcomeOf(id: string): Promise<string> {
  return (await eventOf(id)).outcome;
}

async function eventOf(id: string): Promise<{ outcome: string; tx_hash: string }> {
  const client = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { outcome: string; tx_hash: string }[] }> } }).$client;
  return (await client.query("select outcome, tx_hash from usage_events where id = $1", [id])).rows[0]!;
}

describe("finalizePendingSolves", () => {
  it("settles each pending solve from its receipt, leaves an unknown one pending until it counts as dropped", async () => {
    await client.request({ method: "anvil_setCode" as never, params: [REVERTER, "0x5f5ffd"] as never });
    const [ok, reverted] = [await send("0x"), await send("0x01")];
    const unknown = `0x${"ab".repeat(32)}`;
    const ids = { ok: await pending(ok), reverted: await pending(reverted), young: await pending(unknown), old: await pending(`0x${"cd".repeat(32)}`, 3 * 3600_000) };

    const result = await finalizePendingSolves({ db: database.db, clientFor: () => client, accountId });
    expect(result).toEqual({ succeeded: 1, failed: 2, stillPending: 1 });
    expect(await outcomeOf(ids.ok)).toBe("succeeded");
    expect(await outcomeOf(ids.reverted)).toBe("failed");
    expect(await outcomeOf(ids.young)).toBe("pending");
    expect(await outcomeOf(ids.old)).toBe("failed");

    // Run again (as the cron and a usage read may at once): nothing changes.
    expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, accountId })).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
  });

  it("a gasless swap that succeeded proves its owner (never paused for its account's reverts); a reverted one does not", async () => {
    await client.request({ method: "anvil_setCode" as never, params: [REVERTER, "0x5f5ffd"] as never });
    const [winner, loser] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const gasless = async (txHash: Hash, owner: `0x${string}`) => {
      const id = newId("evt");
      await insertUsageEvents(database.db, [{
        id, accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30", isDryRun: false, isTest: false,
        txHash, outcome: "pending", occurredAt: new Date(), swap: { owner: owner.toLowerCase(), tokenIn: REVERTER, tokenOut: REVERTER },
      } as never]);
      return id;
    };
    const ids = [await gasless(await send("0x"), winner), await gasless(await send("0x01"), loser)];
    expect(await finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: ids })).toEqual({ succeeded: 1, failed: 1, stillPending: 0 });
    expect(await redis.redis.exists(redisKeys.gaslessOwnerProven(8453, winner))).toBe(1);
    expect(await redis.redis.exists(redisKeys.gaslessOwnerProven(8453, loser))).toBe(0);
  });

  it("a reverted gasless swap counts once against the owner its calldata names; a success, a drop or a user-paid revert does not", async () => {
    await client.request({ method: "anvil_setCode" as never, params: [REVERTER, "0x5f5ffd"] as never });
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const [tokenIn, tokenOut, pool] = [devAccounts()[1]!.address, devAccounts()[2]!.address, devAccounts()[3]!.address];
    /** Executor calldata spending `owner`'s permit `nonce` (sent to the always-reverting contract, it reverts). */
    const swapOf = (nonce: bigint) => encodeExecutorSwap({
      permit: { permitted: { token: tokenIn, amount: 1_000n }, nonce, deadline: 2n ** 40n }, owner, signature: "0x1234",
      route: { splits: [{ amountIn: 1_000n, hops: [{ kind: "v2", pool, tokenIn, tokenOut }] }] }, minAmountOut: 1n, recipient: owner,
    });
    const gasless = await pending(await send(swapOf(1n)));
    const others = [await pending(await send("0x")), await pending(`0x${"9d".repeat(32)}`, 3 * 3600_000)];
    // The owner's own reverted transaction of calldata Sluice encoded for it (user-paid, /confirm'ed): its gas, not Sluice's.
    const userPaidData = swapOf(2n);
    const userPaid = await rememberEncodedSwap(database.db, {
      accountId, apiKeyId: null as never, chain: "base", executor: REVERTER, data: userPaidData, owner, permitNonce: 2n, tokenIn, tokenOut,
      amountIn: 1_000n, quotedAmountOut: 1n, minAmountOut: 1n, volumeUsd: "30", usageEventId: newId("evt"),
    });
    await insertUsageEvents(database.db, [{
      id: userPaid, accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30", isDryRun: true, isTest: false,
      txHash: null, outcome: null, occurredAt: new Date(),
    } as never]);
    await markEventExecuted({ db: database.db }, { eventId: userPaid, txHash: await send(userPaidData), outcome: "pending" });

    const finalize = () => finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: [gasless, userPaid, ...others] });
    expect(await finalize()).toEqual({ succeeded: 1, failed: 3, stillPending: 0 });
    expect(await finalize()).toEqual({ succeeded: 0, failed: 0, stillPending: 0 }); // settled once, counted once
    const reverts = () => redis.redis.get<string>(redisKeys.gaslessReverts(8453, owner)).then(Number);
    expect(await reverts()).toBe(1);
    const ttlOf = () => redis.redis.eval<string[], number>("return redis.call('TTL', KEYS[1])", [redisKeys.gaslessReverts(8453, owner)], []);
    const ttl = await ttlOf();
    expect(ttl).toBeGreaterThan(24 * 3600 - 60);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);

    // Another reverted gasless swap of the same owner, counted when mined (the solve's own wait) and again seen when
    // its event settles: two, once each, in the same window (its expiry unchanged).
    const third = await send(swapOf(3n));
    expect(await recordGaslessRevert({ redis: redis.redis, client, chainId: 8453, hash: third, accountId })).toEqual({ owner, reverts: 2 });
    await finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: [await pending(third)] });
    expect(await recordGaslessRevert({ redis: redis.redis, client, chainId: 8453, hash: third })).toEqual({ owner, reverts: 2 });
    expect(await reverts()).toBe(2);
    expect(await ttlOf()).toBeLessThanOrEqual(ttl);
    // The account that solved them (read from its own events) is counted once per transaction too: the user-paid one
    // and the transactions that are not executor swaps are not.
    const { current } = accountGaslessWindow({ chainId: 8453, accountId });
    expect(await redis.redis.hgetall(current)).toEqual({ reverts: 2 });
  });

  it("counts a transaction only once the chain's confirmation depth is on top of it", async () => {
    const id = await pending(await send("0x"));
    const depth3 = () => finalizePendingSolves({ db: database.db, clientFor: () => client, confirmationsFor: () => 3, eventIds: [id] });
    expect(await depth3()).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
    await client.request({ method: "anvil_mine" as never, params: ["0x1"] as never });
    expect(await depth3()).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
    await client.request({ method: "anvil_mine" as never, params: ["0x1"] as never });
    expect(await depth3()).toEqual({ succeeded: 1, failed: 0, stillPending: 0 });
    expect(await outcomeOf(id)).toBe("succeeded");
  });

  it("a transaction a reorganisation removed never counts: pending while it may come back, then failed", async () => {
    const snapshot = await client.request({ method: "evm_snapshot" as never, params: [] as never }) as string;
    const hash = await send("0x");
    const [young, old] = [await pending(hash), await pending(`0x${"aa".repeat(32)}`, 3 * 3600_000)];
    await client.request({ method: "evm_revert" as never, params: [snapshot] as never });
    expect(await client.getTransactionReceipt({ hash }).catch(() => null)).toBeNull(); // gone from the chain
    const result = await finalizePendingSolves({ db: database.db, clientFor: () => client, confirmationsFor: () => 1, eventIds: [young, old] });
    expect(result).toEqual({ succeeded: 0, failed: 1, stillPending: 1 });
    expect(await outcomeOf(young)).toBe("pending");
  });

  it("a user-paid swap confirmed long after it was encoded gets the dropped window from its confirmation, not its encoding", async () => {
    // Encoded three hours ago (a witness permit's deadline can be far off); /confirm saw it mined just now, short of
    // the chain's depth. A node that does not find it a moment later (a lagging backend, a shallow reorganisation)
    // must not fail it for good.
    const id = newId("evt");
    await insertUsageEvents(database.db, [{
      id, accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30", isDryRun: true, isTest: false,
      txHash: null, outcome: null, occurredAt: new Date(Date.now() - 3 * 3600_000),
    } as never]);
    await markEventExecuted({ db: database.db }, { eventId: id, txHash: `0x${"5e".repeat(32)}`, outcome: "pending" });
    expect(await finalizePendingSolves({ db: database.db, clientFor: () => client, eventIds: [id] })).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
    expect(await outcomeOf(id)).toBe("pending");
  });

  it("a chain this deployment does not serve stays pending", async () => {
    const id = await pending(`0x${"ef".repeat(32)}`);
    await finalizePendingSolves({ db: database.db, clientFor: () => undefined, eventIds: [id] });
    expect(await outcomeOf(id)).toBe("pending");
  });

  it("a page full of an unserved chain's pending solves does not keep a served chain's from being finalised", async () => {
    // Older than anything else pending, and more than a page (the cron's 500): picked first, never settled here.
    const unserved = Array.from({ length: 501 }, (_, i) => ({
      id: newId("evt"), accountId, apiKeyId: null, eventType: "solve", chain: "ethereum", volumeUsd: "30", isDryRun: false, isTest: false,
      txHash: `0xe${i.toString(16).padStart(63, "0")}`, outcome: "pending", occurredAt: new Date(Date.now() - 24 * 3600_000),
    }));
    await insertUsageEvents(database.db, unserved as never);
    try {
      const served = await pending(await send("0x"));
      const result = await finalizePendingSolves({ db: database.db, clientFor: (chain) => (chain === "base" ? client : undefined), limit: 500 });
      expect(result.succeeded).toBeGreaterThanOrEqual(1);
      expect(await outcomeOf(served)).toBe("succeeded");
    } finally {
      const raw = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<unknown> } }).$client;
      await raw.query("delete from usage_events where id = any($1)", [unserved.map((e) => e.id)]);
    }
  });

  it("an RPC that never answers leaves the event pending once rpcDeadlineMs has passed, whatever the client's own timeout", async () => {
    const silent = await startSilentServer();
    try {
      const stuck = createPublicClient({ transport: http(silent.url, { timeout: 60_000, retryCount: 0 }) }) as PublicClient;
      const id = await pending(await send("0x"));
      const result = await finalizePendingSolves({ db: database.db, clientFor: () => stuck, confirmationsFor: () => 1, eventIds: [id], rpcDeadlineMs: 300 });
      expect(result).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
      expect(await outcomeOf(id)).toBe("pending");
    } finally {
      await silent.close();
    }
  }, 10_000);

  it("a relayer transaction the repair replaced counts by the replacement the chain mined, and its reserved input is released", async () => {
    const relayer = privateKeyToAccount(devAccounts()[7]!.privateKey);
    const owner = devAccounts()[2]!.address;
    const token = devAccounts()[1]!.address;
    await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
    try {
      const sent = await sendRelayerTransaction({ redis: redis.redis, client, chainId: 8453, account: relayer, to: devAccounts()[4]!.address, data: "0x1234", gas: 30_000n });
      const id = await pending(sent.hash);
      await recordPendingSpend(redis.redis, { chainId: 8453, owner, token, txHash: sent.hash, amount: 1_000n });
      expect(await readPendingSpend(redis.redis, { chainId: 8453, owner, token, client })).toBe(1_000n);

      // Replaced, and the replacement replaced again: the chain mines the last one.
      for (let round = 0; round < 2; round++) {
        await redis.redis.del(redisKeys.relayerRepairLease(8453));
        const repairs = await repairRelayerNonces({ redis: redis.redis, client, chainId: 8453, relayers: [relayer], stuckAfterMs: 0, maxFeePerGasCap: 10n ** 12n });
        expect(repairs).toEqual([{ relayer: relayer.address, nonce: sent.nonce, action: "replaced" }]);
      }
      await client.request({ method: "evm_mine" as never, params: [] as never });
      const block = await client.getBlock({ blockTag: "latest" });
      expect(block.transactions).toHaveLength(1);
      const mined = block.transactions[0]!;
      expect(mined).not.toBe(sent.hash);

      const result = await finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: [id], droppedAfterMs: 0 });
      expect(result).toEqual({ succeeded: 1, failed: 0, stillPending: 0 });
      expect(await eventOf(id)).toEqual({ outcome: "succeeded", tx_hash: mined.toLowerCase() });
      expect(await readPendingSpend(redis.redis, { chainId: 8453, owner, token, client })).toBe(0n);
    } finally {
      await client.request({ method: "evm_setAutomine" as never, params: [true] as never });
    }
  });

  it("an old transaction the node still holds is not taken as dropped: it may yet be mined", async () => {
    const relayer = privateKeyToAccount(devAccounts()[6]!.privateKey);
    await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
    try {
      const sent = await sendRelayerTransaction({ redis: redis.redis, client, chainId: 8453, account: relayer, to: devAccounts()[4]!.address, data: "0x", gas: 21_000n });
      const id = await pending(sent.hash, 3 * 3600_000);
      expect(await finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: [id] })).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
      await client.request({ method: "evm_mine" as never, params: [] as never });
      expect(await finalizePendingSolves({ db: database.db, redis: redis.redis, clientFor: () => client, eventIds: [id] })).toEqual({ succeeded: 1, failed: 0, stillPending: 0 });
      expect(await eventOf(id)).toEqual({ outcome: "succeeded", tx_hash: sent.hash.toLowerCase() });
    } finally {
      await client.request({ method: "evm_setAutomine" as never, params: [true] as never });
    }
  });
});
