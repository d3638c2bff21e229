/**
 * A relayer never overpays: above the chain's fee cap nothing is sent and no nonce is spent; below it the transaction
 * goes out with the network's fees. Against a real anvil node (its base fee raised as a congested chain's would be)
 * and a real Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { readInflightRecord } from "./inflightRecord.js";
import { sendRelayerTransaction } from "./sendRelayerTransaction.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const relayer = privateKeyToAccount(devAccounts()[8]!.privateKey);
const to = devAccounts()[5]!.address;

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

const send = (maxFeePerGasCap: bigint) =>
  sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n, maxFeePerGasCap });

describe("sendRelayerTransaction fee cap", () => {
  it("refuses to pay above the cap when the chain is congested: nothing sent, no nonce spent", async () => {
    await client.request({ method: "anvil_setNextBlockBaseFeePerGas" as never, params: ["0x174876E800"] as never }); // 100 gwei
    await client.request({ method: "anvil_mine" as never, params: ["0x1"] as never });
    const before = await client.getTransactionCount({ address: relayer.address, blockTag: "pending" });
    await expect(send(50_000_000_000n)).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/gwei asked, 50 gwei at most\); nothing was sent/) });
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(before);
  });

  it("sends with the network's fees when they are within the cap", async () => {
    const sent = await send(1_000_000_000_000n);
    const tx = await client.getTransaction({ hash: sent.hash });
    expect(tx.maxFeePerGas! <= 1_000_000_000_000n).toBe(true);
    expect((await client.waitForTransactionReceipt({ hash: sent.hash })).status).toBe("success");
  });
});

/**
 * The gateway in front of the node fails after (or before) the node got the transaction: a fault at the transport,
 * injected by a wrapped fetch. Each case uses its own relayer, so nonces do not mix.
 */
describe("sendRelayerTransaction when the send's outcome is uncertain", () => {
  type Fault = (method: string, call: number) => "forward-then-504" | "forward-then-nonce-too-low" | "unknown" | "504" | "503" | undefined;
  const faulty = (fault: Fault) => {
    const calls = new Map<string, number>();
    const fetchFn: typeof fetch = async (input, init) => {
      const method = (JSON.parse(String(init?.body ?? "{}")) as { method?: string }).method ?? "";
      const call = (calls.get(method) ?? 0) + 1;
      calls.set(method, call);
      const injected = fault(method, call);
      if (injected === "503") return new Response("unavailable", { status: 503 });
      if (injected === "504") return new Response("gateway timeout", { status: 504 });
      // A backend that has not seen the transaction yet (a load-balanced provider): it answers "no such transaction".
      if (injected === "unknown") return Response.json({ jsonrpc: "2.0", id: (JSON.parse(String(init?.body)) as { id: number }).id, result: null });
      const response = await fetch(input, init);
      if (injected === "forward-then-nonce-too-low") {
        // What a retry of a send the node already took (and mined) meets: its own nonce, taken.
        const { id } = JSON.parse(String(init?.body)) as { id: number };
        return Response.json({ jsonrpc: "2.0", id, error: { code: -32003, message: "nonce too low" } });
      }
      return injected === "forward-then-504" ? new Response("gateway timeout", { status: 504 }) : response;
    };
    return createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, fetchFn }) }) as PublicClient;
  };
  const sendFrom = (index: number, faultyClient: PublicClient) => {
    const account = privateKeyToAccount(devAccounts()[index]!.privateKey);
    return { account, sent: sendRelayerTransaction({ redis: t.redis, client: faultyClient, chainId: 8453, account, to, data: "0x1234", gas: 30_000n }) };
  };
  const holes = (account: { address: `0x${string}` }) =>
    t.redis.eval<string[], string[]>("return redis.call('ZRANGE', KEYS[1], 0, -1)", [redisKeys.relayer(8453, account.address).holes], []);
  const inflightAt = async (account: { address: `0x${string}` }, nonce: number) =>
    readInflightRecord(await t.redis.hget(redisKeys.relayer(8453, account.address).inflight, String(nonce)));

  it("the node got it but the answer was lost and the lookup fails too: answered as sent, its nonce kept in flight", async () => {
    const { account, sent } = sendFrom(7, faulty((method) => (method === "eth_sendRawTransaction" ? "forward-then-504" : method === "eth_getTransactionByHash" ? "503" : undefined)));
    const result = await sent;
    expect((await client.getTransaction({ hash: result.hash })).nonce).toBe(result.nonce); // the node has it
    expect(await holes(account)).toEqual([]);
    expect((await inflightAt(account, result.nonce)).hash).toBe(result.hash);
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
  });

  it("the node took it, and the answer the client got was its own nonce taken: answered as sent, never signed again", async () => {
    const account = privateKeyToAccount(devAccounts()[9]!.privateKey);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const result = await sendRelayerTransaction({
      redis: t.redis, client: faulty((method, call) => (method === "eth_sendRawTransaction" && call === 1 ? "forward-then-nonce-too-low" : undefined)),
      chainId: 8453, account, to, data: "0x1234", gas: 30_000n,
    });
    expect(result.nonce).toBe(before);
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
    // One transaction, not a second one at the next nonce.
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before + 1);
    expect(await holes(account)).toEqual([]);
  });

  it("the node took it, the answer was its own nonce taken, and the lookup fails: answered as sent, never signed again", async () => {
    const account = privateKeyToAccount(devAccounts()[2]!.privateKey);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const result = await sendRelayerTransaction({
      redis: t.redis, chainId: 8453, account, to, data: "0x1234", gas: 30_000n,
      client: faulty((method, call) => (method === "eth_sendRawTransaction" && call === 1 ? "forward-then-nonce-too-low" : method === "eth_getTransactionByHash" ? "503" : undefined)),
    });
    // A failed lookup says nothing: the transaction may be the node's, so it is never signed again at the next nonce
    // (a second copy would revert on the used permit, at the relayer's cost, and could settle the solve as failed).
    expect(result.nonce).toBe(before);
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before + 1);
    expect(await holes(account)).toEqual([]);
    expect((await inflightAt(account, result.nonce)).hash).toBe(result.hash);
  });

  it("the node took it, a lagging backend says it does not know it, the resend meets its own nonce taken and the lookup then fails: answered as sent, never signed again", async () => {
    const account = privateKeyToAccount(devAccounts()[1]!.privateKey);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const result = await sendRelayerTransaction({
      redis: t.redis, chainId: 8453, account, to, data: "0x1234", gas: 30_000n,
      client: faulty((method, call) => {
        if (method === "eth_sendRawTransaction") return call === 1 ? "forward-then-504" : "forward-then-nonce-too-low";
        if (method === "eth_getTransactionByHash") return call === 1 ? "unknown" : "503";
        return undefined;
      }),
    });
    // Nothing says the node does not have it: a failed lookup is no proof either way, so it counts as sent (signed
    // again at the next nonce, a second copy would revert on the used permit, at the relayer's cost).
    expect(result.nonce).toBe(before);
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before + 1);
    expect(await holes(account)).toEqual([]);
    expect((await inflightAt(account, result.nonce)).hash).toBe(result.hash);
  });

  it("the node took it, the answer was its own nonce taken, and a lagging backend first says it does not know it: answered as sent, never signed again", async () => {
    const account = privateKeyToAccount(devAccounts()[0]!.privateKey);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const result = await sendRelayerTransaction({
      redis: t.redis, chainId: 8453, account, to, data: "0x1234", gas: 30_000n,
      client: faulty((method, call) => (method === "eth_sendRawTransaction" && call === 1 ? "forward-then-nonce-too-low"
        : method === "eth_getTransactionByHash" && call === 1 ? "unknown" : undefined)),
    });
    expect(result.nonce).toBe(before);
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before + 1);
    expect(await holes(account)).toEqual([]);
  });

  it("the node never got it and says so: the same signed bytes are sent again, answered as sent once the node has them", async () => {
    const { account, sent } = sendFrom(6, faulty((method, call) => (method === "eth_sendRawTransaction" && call === 1 ? "504" : undefined)));
    const result = await sent;
    expect((await client.waitForTransactionReceipt({ hash: result.hash })).status).toBe("success");
    expect(await holes(account)).toEqual([]);
  });

  it("the node refuses it outright: nothing was sent, the nonce goes back as a hole", async () => {
    const account = privateKeyToAccount(devAccounts()[4]!.privateKey);
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    // A gas limit below the intrinsic 21 000: every node refuses it.
    await expect(sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account, to, data: "0x", gas: 20_000n }))
      .rejects.toMatchObject({ code: "TRANSACTION_REJECTED" });
    expect((await holes(account)).map(String)).toEqual([String(before)]);
  });
});

/** A solve allocates the first attempt's nonce while it simulates, and hands it over with the send. */
describe("sendRelayerTransaction with a nonce allocated beforehand", () => {
  const account = privateKeyToAccount(devAccounts()[3]!.privateKey);
  const allocate = () => allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: account.address });
  const sendAt = (nonce: Promise<number>, maxFeePerGasCap?: bigint) =>
    sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account, to, data: "0x", gas: 21_000n, nonce, maxFeePerGasCap });

  it("the first attempt goes out at that nonce", async () => {
    const nonce = allocate();
    const sent = await sendAt(nonce);
    expect(sent.nonce).toBe(await nonce);
    expect((await client.getTransaction({ hash: sent.hash })).nonce).toBe(sent.nonce);
    expect((await client.waitForTransactionReceipt({ hash: sent.hash })).status).toBe("success");
  });

  it("nothing is sent (above the fee cap): the nonce goes back as a hole, and the next send takes it", async () => {
    const nonce = await allocate();
    await expect(sendAt(Promise.resolve(nonce), 1n)).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    const holes = await t.redis.eval<string[], string[]>("return redis.call('ZRANGE', KEYS[1], 0, -1)", [redisKeys.relayer(8453, account.address).holes], []);
    expect(holes.map(String)).toEqual([String(nonce)]);
    const next = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account, to, data: "0x", gas: 21_000n });
    expect(next.nonce).toBe(nonce);
    expect((await client.waitForTransactionReceipt({ hash: next.hash })).status).toBe("success");
  });

  it("the allocation failed: nothing is sent, DEPENDENCY_DOWN", async () => {
    const before = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    await expect(sendAt(Promise.reject(new Error("redis down")))).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    expect(await client.getTransactionCount({ address: account.address, blockTag: "pending" })).toBe(before);
  });
});
