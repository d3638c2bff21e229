/**
 * A gasless solve allocates its relayer nonce while it simulates, once the permit's claims hold. A replayed permit
 * (its claims refused) never takes a nonce; a solve whose simulation fails gives its nonce back as a hole, so no
 * gap wedges the relayer's later transactions. Real Redis (through the Upstash REST API) and anvil; the simulation
 * fails for real (the call goes to an address without code, which returns nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { claimPermitForSend } from "../permit/claimPermitForSend.js";
import { newId } from "../ids/newId.js";
import { redisKeys } from "../redis/redisKeys.js";
import { allocateRelayerNonce } from "../relayer/allocateRelayerNonce.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import { lockSpendAndReadState } from "./lockSpendAndReadState.js";
import { sendGaslessSolve } from "./sendGaslessSolve.js";
import type { SolveContext } from "./solveContext.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const relayer = privateKeyToAccount(devAccounts()[9]!.privateKey);
const user = devAccounts()[2]!.address;
const noCode = devAccounts()[5]!.address;
/**
 * An executor stand-in whose call succeeds, answering an output of 255, after burning about 5M gas in a loop — as a
 * swap through a token whose transfer burns gas would (PUSH3 200000; loop: JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH1 4
 * JUMPI; POP; return 255).
 */
const gasBurner = devAccounts()[6]!.address;
const GAS_BURNER_CODE = "0x62030d405b600190038060045750" + "60ff5f5260205ff3";
/** An executor stand-in whose call succeeds at once, answering an output of 255 (PUSH1 255, MSTORE at 0, return it). */
const paysOut = devAccounts()[7]!.address;
const PAYS_OUT_CODE = "0x60ff5f5260205ff3";

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  await client.request({ method: "anvil_setCode" as never, params: [gasBurner, GAS_BURNER_CODE] as never });
  await client.request({ method: "anvil_setCode" as never, params: [paysOut, PAYS_OUT_CODE] as never });
  // The allocator knows the relayer: its counter is seeded from the chain.
  await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: relayer.address })
    .then((nonce) => t.redis.zadd(redisKeys.relayer(8453, relayer.address).holes, { score: nonce, member: String(nonce) }));
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

const usage: UsageRecorderBinding = {
  record: async () => ({ ok: true as const, recorded: 0, duplicates: 0, deferred: 0 }),
  markExecuted: async () => ({ ok: false as const, code: "INTERNAL" as const, error: "not used" }),
  deliverWebhooks: async () => ({ ok: true as const, attempted: 0 }),
};

/** The quote of a one-hop swap of 7 raw units (what the answer formats). */
const quote = {
  tokenIn: { address: noCode, symbol: "IN", decimals: 6 }, tokenOut: { address: gasBurner, symbol: "OUT", decimals: 6 }, amountIn: 7n, amountOut: 255n,
  volumeUsd: "1", rate: "36", protocol: "uniswap-v3", poolAddress: noCode, priceImpactBps: 0, block: 1n,
  route: { splits: [{ amountIn: 7n, amountOut: 255n, hops: [{ poolAddress: noCode, protocol: "uniswap-v3", fee: 500, tokenIn: noCode, tokenOut: gasBurner, amountIn: 7n, amountOut: 255n }] }] },
};

/** The solve after its re-quote and checks, as `solveSwap` hands it over: only what the send reads is filled in. */
function solveContext(nonce: bigint, executor: `0x${string}` = noCode, chainClient: PublicClient = client): SolveContext {
  const accountId = "acc_send_gasless";
  const context = {
    services: { redis: t.redis, time: <T>(_: string, work: () => T | Promise<T>) => Promise.resolve(work()) },
    chain: {
      id: 8453, name: "base", client: chainClient, settings: { maxFeePerGasWei: 10n ** 12n, gaslessGasPerHop: 250_000n, minRelayerBalanceWei: 0n, confirmations: 1 },
      deployment: { relayers: [relayer.address] },
    },
    auth: { accountId }, usage, user, executor, data: "0x12345678", minAmountOut: 1n,
    permit: { permitted: { token: noCode, amount: 1n }, nonce, deadline: BigInt(Math.floor(Date.now() / 1000) + 600) },
    event: { id: newId("evt"), accountId, apiKeyId: "key_send_gasless", chain: "base", volumeUsd: "1", isTest: false },
    quote, transaction: { to: executor, data: "0x12345678", value: "0", chain: "base" }, started: Date.now(),
    // The work after the answer (the receipt's finalisation, the repair) is not this test's: it is dropped.
    background: (work: Promise<unknown>) => void work.catch(() => {}),
    openDb: () => { throw new Error("no database in this test"); },
  };
  return context as unknown as SolveContext;
}

const relayerState = async () => {
  const keys = redisKeys.relayer(8453, relayer.address);
  const [next, holes] = await Promise.all([
    t.redis.get<string>(keys.next),
    t.redis.eval<string[], string[]>("return redis.call('ZRANGE', KEYS[1], 0, -1)", [keys.holes], []),
  ]);
  return { next: String(next), holes: holes.map(String) };
};

const sendOptions = () => ({
  relayer: Promise.resolve(relayer),
  fees: client.estimateFeesPerGas(),
  releaseLock: async () => {},
});

describe("a gasless solve's relayer nonce", () => {
  it("the simulation fails after the claims held: the nonce allocated meanwhile goes back as a hole, nothing is sent", async () => {
    const before = await relayerState();
    const pending = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    await expect(sendGaslessSolve(solveContext(1001n), sendOptions())).rejects.toMatchObject({ code: "SIMULATION_FAILED" });
    // The hole there before was taken by this solve and given back; the counter did not move.
    expect(await relayerState()).toEqual(before);
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(pending);
  });

  it("a swap that needs more gas than its route's ceiling (a gas-burning token) is refused: its nonce goes back, nothing is sent", async () => {
    const before = await relayerState();
    const pending = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    // One hop: at most 250,000 × 3 gas; the call succeeds but needs about 5M.
    await expect(sendGaslessSolve(solveContext(1003n, gasBurner), sendOptions())).rejects.toMatchObject({
      code: "SIMULATION_FAILED", message: expect.stringMatching(/^The swap needs \d+ gas, more than Sluice pays for a gasless swap of its route \(750000\)/),
    });
    expect(await relayerState()).toEqual(before);
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(pending);
  });

  it("a replayed permit (its send claimed by another solve) takes no nonce", async () => {
    const s = solveContext(1002n);
    await claimPermitForSend(t.redis, {
      chainId: 8453, owner: user, nonce: 1002n, deadline: s.permit.deadline, accountId: s.auth.accountId, claimant: newId("evt"),
    });
    const before = await relayerState();
    await expect(sendGaslessSolve(s, sendOptions())).rejects.toMatchObject({ code: "PERMIT_INVALID" });
    expect(await relayerState()).toEqual(before);
  });
});

describe("a gasless solve above the chain's fee cap", () => {
  it("is refused before any nonce is taken: no allocation, no hole, the relayer stays quiet", async () => {
    const s = solveContext(1004n, paysOut);
    const capped = { ...s, chain: { ...s.chain, settings: { ...s.chain.settings, maxFeePerGasWei: 1n } } } as SolveContext;
    const lastAllocation = redisKeys.relayer(8453, relayer.address).lastAllocation;
    const [before, allocatedAt] = await Promise.all([relayerState(), t.redis.get<string>(lastAllocation)]);
    await expect(sendGaslessSolve(capped, sendOptions())).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    expect(await relayerState()).toEqual(before);
    expect(await t.redis.get<string>(lastAllocation)).toBe(allocatedAt);
  });
});

describe("a gasless solve's input, committed before the send", () => {
  const pendingSpend = async () => (await t.redis.hgetall<Record<string, string>>(redisKeys.pendingSpend(8453, user, noCode))) ?? {};
  /** A client of the same node that runs `onSend` when the relayer's transaction goes out, then sends it or refuses it. */
  const watchedClient = (onSend: () => Promise<void>, refuse = false) => createPublicClient({
    transport: http(anvil.rpcUrl, {
      fetchFn: async (input, init) => {
        const body = JSON.parse(String(init?.body ?? "{}")) as { method?: string; id?: number };
        if (body.method !== "eth_sendRawTransaction") return fetch(input, init);
        await onSend();
        if (!refuse) return fetch(input, init);
        return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, error: { code: -32000, message: "transaction underpriced" } }), { headers: { "content-type": "application/json" } });
      },
    }),
  }) as PublicClient;

  it("the owner's pending spend names the transaction before the node can have it, and the lock is released after the send", async () => {
    const seen: string[] = [];
    let atSend: Record<string, string> | undefined;
    const watched = watchedClient(async () => {
      atSend = await pendingSpend();
      seen.push("sent");
    });
    const answer = await sendGaslessSolve(solveContext(1004n, paysOut, watched), {
      ...sendOptions(), releaseLock: async () => void seen.push("released"),
    });
    const hash = answer.transaction.txHash!.toLowerCase();
    // A spend lock that lapsed during a slow send would let the owner's next solve read the record: it already holds this input.
    expect(atSend).toEqual({ [hash]: "raw:7" });
    expect(seen).toEqual(["sent", "released"]);
    expect(await pendingSpend()).toEqual({ [hash]: "raw:7" });
    // With the relayer and nonce it was signed with: what lets a lingering entry go once that nonce is finalized.
    const tx = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` }).then(() => client.getTransaction({ hash: hash as `0x${string}` }));
    const sends = await t.redis.hgetall<Record<string, string>>(redisKeys.pendingSpendSends(8453, user, noCode));
    expect(sends?.[hash]).toMatch(new RegExp(`^${tx.from.toLowerCase()}:${tx.nonce}:\\d+$`));
    await t.redis.del(redisKeys.pendingSpend(8453, user, noCode), redisKeys.pendingSpendSends(8453, user, noCode));
  });

  it("the owner's next solve, taking the spend lock while a slow send is still going out, sees the input committed", async () => {
    // The lock's hold (20 s) lapsed during the send (retries on a failing RPC): here the lock is free from the start
    // (the test holds none), and the owner's next solve takes it at the moment the node receives the transaction.
    let seenByNext: bigint | undefined;
    const watched = watchedClient(async () => {
      const next = await lockSpendAndReadState({ redis: t.redis, client, chainId: 8453, owner: user, token: noCode, nonce: 2001n });
      seenByNext = next.pendingSpend;
      await next.state.catch(() => {}); // no Permit2 on a bare node: only the pending spend is looked at
      await next.release();
    });
    const answer = await sendGaslessSolve(solveContext(1007n, paysOut, watched), sendOptions());
    // Before, the input was recorded after the send: the next solve saw 0 and could spend the same balance again.
    expect(seenByNext).toBe(7n);
    await client.waitForTransactionReceipt({ hash: answer.transaction.txHash! as `0x${string}` });
    await t.redis.del(redisKeys.pendingSpend(8453, user, noCode));
  });

  it("a transaction the node refuses was never sent: its pending spend is let go of, with the nonce", async () => {
    const pending = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    let atSend: Record<string, string> | undefined;
    const watched = watchedClient(async () => { atSend = await pendingSpend(); }, true);
    await expect(sendGaslessSolve(solveContext(1005n, paysOut, watched), sendOptions())).rejects.toMatchObject({ code: "TRANSACTION_REJECTED" });
    expect(Object.values(atSend ?? {})).toEqual(["raw:7"]);
    expect(await pendingSpend()).toEqual({});
    // Nothing went out; the nonce it was signed at is a hole for the next send.
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(pending);
    expect((await relayerState()).holes).toEqual([String(pending)]);
  });

  it("an attempt signed again at another nonce (its first was taken) names the nonce it goes out with, not the first's", async () => {
    // The same wallet sends outside the allocator: the nonce it hands out next is taken, and the send retries.
    const taken = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    const wallet = createWalletClient({ account: relayer, transport: http(anvil.rpcUrl) });
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ chain: null, to: relayer.address, value: 0n, nonce: taken }) });
    const answer = await sendGaslessSolve(solveContext(1107n, paysOut), sendOptions());
    const sent = await client.waitForTransactionReceipt({ hash: answer.transaction.txHash! }).then(() => client.getTransaction({ hash: answer.transaction.txHash! }));
    expect(sent.nonce).toBeGreaterThan(taken);
    // The entry stays under the first attempt's hash (the retry is linked to it as its replacement)...
    const [first] = Object.keys(await pendingSpend());
    expect(first).toBeDefined();
    expect(first).not.toBe(answer.transaction.txHash!.toLowerCase());
    // ...and names the nonce sent: naming the first (spent by another transaction) would let it go while the retry is
    // still in flight, once that block is finalized.
    const sends = await t.redis.hgetall<Record<string, string>>(redisKeys.pendingSpendSends(8453, user, noCode));
    expect(sends?.[first!]).toMatch(new RegExp(`^${relayer.address.toLowerCase()}:${sent.nonce}:\\d+$`));
    await t.redis.del(redisKeys.pendingSpend(8453, user, noCode), redisKeys.pendingSpendSends(8453, user, noCode));
  });

  it("a solve that outlasted its hold on the owner's spend lock sends nothing: no entry, its nonce a hole", async () => {
    const lock = { key: redisKeys.spendLock(8453, user, noCode), holder: newId("lock"), holdMs: 1 };
    // Held when the claim checks it; the claim restarts its lifetime at 1 ms, so it has lapsed by the send.
    await t.redis.set(lock.key, lock.holder, { px: 60_000 });
    const pending = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    await expect(sendGaslessSolve(solveContext(1108n, paysOut), { ...sendOptions(), spendLock: lock }))
      .rejects.toMatchObject({ code: "DEPENDENCY_DOWN", message: expect.stringMatching(/outlasted its hold/) });
    expect(await pendingSpend()).toEqual({});
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(pending);
    expect((await relayerState()).holes).toContain(String(pending));
  });

  it("an unsent attempt's entry that Redis would not let go of at once is let go of after the answer", async () => {
    let refusals = 1;
    // The same Redis, refusing the first pipeline that lets go of the owner's pending spend (a moment's outage).
    const key = redisKeys.pendingSpend(8453, user, noCode);
    const flaky = { ...t.redis, pipeline: () => {
      const real = t.redis.pipeline();
      let forgets = false;
      const pipeline: typeof real = Object.assign(Object.create(real) as typeof real, {
        hdel: (name: string, ...fields: string[]) => { forgets ||= name === key; real.hdel(name, ...fields); return pipeline; },
        exec: () => (forgets && refusals-- > 0 ? Promise.reject(new Error("connection reset")) : real.exec()),
      });
      return pipeline;
    } };
    const later: Promise<unknown>[] = [];
    const s = solveContext(1006n, paysOut, watchedClient(async () => {}, true));
    Object.assign(s, { services: { ...s.services, redis: flaky }, background: (work: Promise<unknown>) => void later.push(work) });
    await expect(sendGaslessSolve(s, sendOptions())).rejects.toMatchObject({ code: "TRANSACTION_REJECTED" });
    expect(Object.values(await pendingSpend())).toEqual(["raw:7"]);
    await Promise.all(later);
    expect(await pendingSpend()).toEqual({});
  });
});
