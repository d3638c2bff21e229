/**
 * The stuck-transaction repair on a real anvil node (automine off, so a sent transaction stays pending) and a real
 * Redis: a stuck swap is replaced with doubled fees within the chain's cap, a replacement the cap cannot afford is not
 * sent (the relayer never overpays), a lost send is sent again, a gap nothing waits behind costs no plug, and once
 * mined the queue moves on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeFunctionData, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { executorAbi } from "../executor/executorAbi.js";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { readInflightRecord } from "./inflightRecord.js";
import { readRelayedReceipt } from "./readRelayedReceipt.js";
import { returnRelayerNonce } from "./returnRelayerNonce.js";
import { repairRelayerNonces } from "./repairRelayerNonces.js";
import { sendRelayerTransaction } from "./sendRelayerTransaction.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const relayer = privateKeyToAccount(devAccounts()[9]!.privateKey);
const to = devAccounts()[5]!.address;

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  await client.request({ method: "evm_setAutomine" as never, params: [false] as never });
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

const inflight = async (nonce: number) =>
  readInflightRecord((await t.redis.hget(redisKeys.relayer(8453, relayer.address).inflight, String(nonce)))!);
const repair = (maxFeePerGasCap: bigint) =>
  repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [relayer], stuckAfterMs: 0, maxFeePerGasCap });

/**
 * Sends a call that sticks (automine is off), repairs, and checks the nonce was plugged, not the call sent again: a
 * 0-value transfer to the relayer, not linked to the call (its hash is never settled by the plug's receipt), mined.
 */
async function expectPluggedOnceStuck(call: { to: `0x${string}`; data: `0x${string}`; gas: bigint }) {
  const sent = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, ...call });
  const fee = BigInt((await inflight(sent.nonce)).maxFeePerGas);
  await t.redis.del(redisKeys.relayerRepairLease(8453));
  expect(await repair(fee * 3n)).toEqual([{ relayer: relayer.address, nonce: sent.nonce, action: "plugged" }]);
  const plug = await inflight(sent.nonce);
  expect(plug).toMatchObject({ to: relayer.address, data: "0x" });
  expect((await readRelayedReceipt({ redis: t.redis, client, chainId: 8453, hash: sent.hash })).hashes).toEqual([sent.hash.toLowerCase()]);
  await client.request({ method: "evm_mine" as never, params: [] as never });
  expect(await client.getTransactionReceipt({ hash: plug.hash })).toMatchObject({ status: "success", to: relayer.address.toLowerCase() });
  expect(await client.getTransactionCount({ address: relayer.address, blockTag: "latest" })).toBe(sent.nonce + 1);
}

describe("repairRelayerNonces", () => {
  it("replaces a stuck transaction within the fee cap, refuses a replacement above it, and the replacement is what gets mined", async () => {
    const sent = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    const first = await inflight(sent.nonce);
    const fee = BigInt(first.maxFeePerGas);

    // The smallest valid replacement (+12.5 %) is above this cap: nothing is sent, the record stays.
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await repair(fee)).toEqual([]);
    expect((await inflight(sent.nonce)).hash).toBe(sent.hash);

    // Within the cap: replaced with doubled fees, at most the cap.
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    const cap = fee * 3n;
    expect(await repair(cap)).toEqual([{ relayer: relayer.address, nonce: sent.nonce, action: "replaced" }]);
    const replaced = await inflight(sent.nonce);
    expect(replaced.hash).not.toBe(sent.hash);
    expect(BigInt(replaced.maxFeePerGas)).toBe(fee * 2n);
    expect(BigInt(replaced.maxFeePerGas) <= cap).toBe(true);

    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: replaced.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "latest" })).toBe(sent.nonce + 1);
  });
});

describe("repairRelayerNonces on a busy relayer", () => {
  it("a nonce handed out and never sent nor given back (its solve died) is plugged once a later one has waited behind it too long, though nonces are still being handed out", async () => {
    const lost = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: relayer.address });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    expect(behind.nonce).toBe(lost + 1);
    const keys = redisKeys.relayer(8453, relayer.address);
    // The later transaction has waited two minutes; the relayer is busy (a nonce was handed out just now).
    await t.redis.hset(keys.inflight, { [String(behind.nonce)]: JSON.stringify({ ...(await inflight(behind.nonce)), sentAt: Date.now() - 120_000 }) });
    await t.redis.set(keys.lastAllocation, String(Date.now()));
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [relayer], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n }))
      .toEqual([{ relayer: relayer.address, nonce: lost, action: "plugged" }]);
    await client.request({ method: "evm_mine" as never, params: [] as never });
    // The plug took the lost nonce, and the transaction behind it is mined with it.
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "latest" })).toBe(behind.nonce + 1);
  });
});

describe("repairRelayerNonces when the node does not answer", () => {
  it("a plug whose send answer is lost (the node may have it) does not give its nonce back as a hole", async () => {
    const lost = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: relayer.address });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    const keys = redisKeys.relayer(8453, relayer.address);
    await t.redis.hset(keys.inflight, { [String(behind.nonce)]: JSON.stringify({ ...(await inflight(behind.nonce)), sentAt: Date.now() - 120_000 }) });
    // The gateway forwards the plug to the node, then answers 504.
    const lossy = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, fetchFn: async (input, init) => {
      const response = await fetch(input, init);
      return String(init?.body ?? "").includes("eth_sendRawTransaction") ? new Response("gateway timeout", { status: 504 }) : response;
    } }) }) as PublicClient;
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await repairRelayerNonces({ redis: t.redis, client: lossy, chainId: 8453, relayers: [relayer], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n })).toEqual([]);
    const holes = await t.redis.eval<string[], string[]>("return redis.call('ZRANGE', KEYS[1], 0, -1)", [keys.holes], []);
    expect(holes.map(String)).not.toContain(String(lost));
    // The node had the plug: the queue behind it is mined.
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
  });

  it("a failed lookup is not a dropped transaction: a transaction sent a moment ago is left alone", async () => {
    const sent = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x1234", gas: 30_000n });
    // The provider answers its first eth_getTransactionByHash with a 503 (a fault at the transport).
    let blips = 0;
    const fetchFn: typeof fetch = async (input, init) => {
      if (String(init?.body ?? "").includes("eth_getTransactionByHash") && blips++ === 0) return new Response("unavailable", { status: 503 });
      return fetch(input, init);
    };
    const flaky = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, fetchFn }) }) as PublicClient;
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    const repairs = await repairRelayerNonces({ redis: t.redis, client: flaky, chainId: 8453, relayers: [relayer], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n });
    expect(blips).toBe(1);
    expect(repairs).toEqual([]);
    expect((await inflight(sent.nonce)).hash).toBe(sent.hash);
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: sent.hash })).status).toBe("success");
  });

  it("a stuck call that reverts on the chain's state now (a swap whose price, balance or allowance moved) is not sent again: its nonce is plugged", async () => {
    // A contract that always reverts stands for the executor refusing the stuck swap on the state it would now meet.
    const reverting = devAccounts()[6]!.address;
    await client.request({ method: "anvil_setCode" as never, params: [reverting, "0x5f5ffd"] as never });
    await expectPluggedOnceStuck({ to: reverting, data: "0x1234", gas: 100_000n });
    await client.request({ method: "anvil_setCode" as never, params: [reverting, "0x"] as never });
  });

  it("a stuck call whose simulation the RPC does not answer is left for the next round", async () => {
    const sent = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x5678", gas: 30_000n });
    const failing = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, fetchFn: async (input, init) =>
      (String(init?.body ?? "").includes("eth_call") ? new Response("unavailable", { status: 503 }) : fetch(input, init)) }) }) as PublicClient;
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await repairRelayerNonces({ redis: t.redis, client: failing, chainId: 8453, relayers: [relayer], stuckAfterMs: 0, maxFeePerGasCap: 10n ** 12n })).toEqual([]);
    expect((await inflight(sent.nonce)).hash).toBe(sent.hash);
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: sent.hash })).status).toBe("success");
  });

  it("a stuck swap whose permit has expired is not sent again (it would revert for sure): its nonce is plugged", async () => {
    // An executor swap whose permit's deadline passed a minute ago, stuck in the node.
    const expiredSwap = encodeFunctionData({
      abi: executorAbi, functionName: "swap",
      args: [{ permitted: { token: to, amount: 1n }, nonce: 7n, deadline: BigInt(Math.floor(Date.now() / 1000) - 60) }, to, "0x", "0x", 1n, to],
    });
    await expectPluggedOnceStuck({ to, data: expiredSwap, gas: 200_000n });
  });
});

describe("repairRelayerNonces after a lost send", () => {
  it("a send the node never got, priced within 12.5 % of the cap, is sent again at the chain's fees (nothing to outbid) and the transaction behind it is mined", async () => {
    const sender = privateKeyToAccount(devAccounts()[8]!.privateKey);
    // The network cuts the send and the lookups (no answer: kept as sent perhaps); the node never got it.
    const cut = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, fetchFn: async (input, init) => {
      const body = String(init?.body ?? "");
      if (body.includes("eth_sendRawTransaction") || body.includes("eth_getTransactionByHash")) return new Response("bad gateway", { status: 502 });
      return fetch(input, init);
    } }) }) as PublicClient;
    const lost = await sendRelayerTransaction({ redis: t.redis, client: cut, chainId: 8453, account: sender, to, data: "0x", gas: 21_000n });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: sender, to, data: "0x01", gas: 30_000n });
    expect(behind.nonce).toBe(lost.nonce + 1);
    const keys = redisKeys.relayer(8453, sender.address);
    const fee = BigInt(readInflightRecord(await t.redis.hget(keys.inflight, String(lost.nonce))).maxFeePerGas);
    const repairAt = (maxFeePerGasCap: bigint) => t.redis.del(redisKeys.relayerRepairLease(8453))
      .then(() => repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [sender], stuckAfterMs: 0, maxFeePerGasCap }));

    // The chain asks more than the cap: it waits, nothing sent.
    expect(await repairAt(fee - 1n)).toEqual([]);
    // The cap is 10 % above the lost send's fee: a replacement's +12.5 % would not fit, but nothing holds the nonce.
    expect(await repairAt((fee * 11n) / 10n)).toEqual([{ relayer: sender.address, nonce: lost.nonce, action: "replaced" }]);
    expect(BigInt(readInflightRecord(await t.redis.hget(keys.inflight, String(lost.nonce))).maxFeePerGas) <= (fee * 11n) / 10n).toBe(true);

    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect(await client.getTransactionCount({ address: sender.address, blockTag: "latest" })).toBe(behind.nonce + 1);
    expect((await readRelayedReceipt({ redis: t.redis, client, chainId: 8453, hash: lost.hash })).receipt?.status).toBe("success");
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
  });
});

describe("repairRelayerNonces and the holes of refused solves", () => {
  it("a nonce given back (its solve's simulation failed) on a quiet relayer with nothing in flight is reset, never plugged, round after round: the relayer pays nothing", async () => {
    const quiet = privateKeyToAccount(devAccounts()[7]!.privateKey);
    const keys = redisKeys.relayer(8453, quiet.address);
    const [before, start] = await Promise.all([
      client.getBalance({ address: quiet.address }), client.getTransactionCount({ address: quiet.address, blockTag: "latest" }),
    ]);
    for (let round = 0; round < 3; round++) {
      const nonce = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: quiet.address });
      expect(nonce).toBe(start);
      await returnRelayerNonce({ redis: t.redis, chainId: 8453, relayer: quiet.address, nonce });
      // No allocation for longer than `stuckAfterMs`.
      await t.redis.set(keys.lastAllocation, String(Date.now() - 120_000));
      await t.redis.del(redisKeys.relayerRepairLease(8453));
      expect(await repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [quiet], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n }))
        .toEqual([{ relayer: quiet.address, nonce: start, action: "reset" }]);
      expect(Number(await t.redis.get(keys.next))).toBe(start);
      expect(await t.redis.eval<string[], number>("return redis.call('ZCARD', KEYS[1])", [keys.holes], [])).toBe(0);
    }
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect(await client.getTransactionCount({ address: quiet.address, blockTag: "latest" })).toBe(start);
    expect(await client.getBalance({ address: quiet.address })).toBe(before);
  });

  it("a hole a sent transaction waits behind is plugged once the relayer is quiet, and the transaction behind it is mined", async () => {
    const quiet = privateKeyToAccount(devAccounts()[7]!.privateKey);
    const keys = redisKeys.relayer(8453, quiet.address);
    const hole = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: quiet.address });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: quiet, to, data: "0x", gas: 21_000n });
    expect(behind.nonce).toBe(hole + 1);
    await returnRelayerNonce({ redis: t.redis, chainId: 8453, relayer: quiet.address, nonce: hole });
    await t.redis.set(keys.lastAllocation, String(Date.now() - 120_000));
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [quiet], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n }))
      .toEqual([{ relayer: quiet.address, nonce: hole, action: "plugged" }]);
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: quiet.address, blockTag: "latest" })).toBe(behind.nonce + 1);
  });

  it("attack on the reset: a hole with a send queued behind it whose in-flight record was lost is plugged, never reset (the node's pending count does not show it, and a reset handed its nonce out again to replace it)", async () => {
    const quiet = privateKeyToAccount(devAccounts()[6]!.privateKey);
    const keys = redisKeys.relayer(8453, quiet.address);
    const hole = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: quiet.address });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: quiet, to, data: "0x0b", gas: 30_000n });
    expect(behind.nonce).toBe(hole + 1);
    // Its record lost (a failed write after the send is swallowed; a worker stopped before it).
    await t.redis.hdel(keys.inflight, String(behind.nonce));
    await returnRelayerNonce({ redis: t.redis, chainId: 8453, relayer: quiet.address, nonce: hole });
    await t.redis.set(keys.lastAllocation, String(Date.now() - 120_000));
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    expect(await client.getTransactionCount({ address: quiet.address, blockTag: "pending" })).toBe(hole);
    expect(await repairRelayerNonces({ redis: t.redis, client, chainId: 8453, relayers: [quiet], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n }))
      .toEqual([{ relayer: quiet.address, nonce: hole, action: "plugged" }]);
    // The next send takes a nonce past the queued one, never its nonce.
    const next = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: quiet, to, data: "0x0c", gas: 30_000n });
    expect(next.nonce).toBe(behind.nonce + 1);
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
    expect((await client.getTransactionReceipt({ hash: next.hash })).status).toBe("success");
  });

  it("attack on the plug: a hole an allocation takes between the repair's look and its plug is that solve's, never plugged (the plug would replace its swap)", async () => {
    const quiet = privateKeyToAccount(devAccounts()[3]!.privateKey);
    const keys = redisKeys.relayer(8453, quiet.address);
    const hole = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: quiet.address });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: quiet, to, data: "0x", gas: 21_000n });
    await returnRelayerNonce({ redis: t.redis, chainId: 8453, relayer: quiet.address, nonce: hole });
    await t.redis.set(keys.lastAllocation, String(Date.now() - 120_000));
    await t.redis.del(redisKeys.relayerRepairLease(8453));
    // A solve allocates right before the repair takes the hole for its plug (the moment the race needs).
    let taken: number | undefined;
    const racing = new Proxy(t.redis, {
      get(target, name, receiver) {
        if (name !== "eval") return Reflect.get(target, name, receiver);
        return async (script: string, keys: string[], args: string[]) => {
          if (script.includes("ZREM") && taken === undefined) taken = await allocateRelayerNonce({ redis: target, client, chainId: 8453, relayer: quiet.address });
          return target.eval(script, keys, args);
        };
      },
    });
    expect(await repairRelayerNonces({ redis: racing, client, chainId: 8453, relayers: [quiet], stuckAfterMs: 60_000, maxFeePerGasCap: 10n ** 12n })).toEqual([]);
    expect(taken).toBe(hole);
    // Nothing of the relayer's was sent at the hole: the solve that took it sends there.
    expect(await client.getTransactionCount({ address: quiet.address, blockTag: "pending" })).toBe(hole);
    const solve = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: quiet, to, data: "0x0a", gas: 30_000n, nonce: Promise.resolve(hole) });
    await client.request({ method: "evm_mine" as never, params: [] as never });
    expect((await client.getTransactionReceipt({ hash: solve.hash })).status).toBe("success");
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
  });
});
