/**
 * Relayer nonces on their own, against a real Redis (REST API) and a real anvil node: allocation starts at the chain's
 * pending count, concurrent allocations never share a nonce, and solves are spread over the relayers in turn.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { pickRelayer } from "./pickRelayer.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const [first, second] = devAccounts().slice(8, 10).map((a) => privateKeyToAccount(a.privateKey));

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

describe("allocateRelayerNonce", () => {
  it("seeds from the chain's pending count, then hands out each nonce exactly once under concurrency", async () => {
    const relayer = first!.address;
    const pending = await client.getTransactionCount({ address: relayer, blockTag: "pending" });
    const nonces = await Promise.all(Array.from({ length: 40 }, () => allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer })));
    expect([...nonces].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => pending + i));
  });

  it("keeps a counter per chain and relayer", async () => {
    const a = await allocateRelayerNonce({ redis: t.redis, client, chainId: 1, relayer: second!.address });
    const b = await allocateRelayerNonce({ redis: t.redis, client, chainId: 8453, relayer: second!.address });
    expect([a, b]).toEqual([0, 0]);
  });
});

describe("pickRelayer", () => {
  it("takes the relayers in turn, and refuses a chain with none", async () => {
    const picked = [];
    for (let i = 0; i < 4; i++) picked.push((await pickRelayer(t.redis, 137, [first!, second!])).address);
    expect(new Set(picked).size).toBe(2);
    expect(picked[0]).not.toBe(picked[1]);
    expect(picked[0]).toBe(picked[2]);
    await expect(pickRelayer(t.redis, 137, [])).rejects.toMatchObject({ code: "UNSUPPORTED_CHAIN" });
  });
});
