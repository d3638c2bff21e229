/**
 * Relayer nonces on their own, against a real Redis (REST API) and a real anvil node: allocation starts at the chain's
 * pending count, concurrent allocations never share a nonce, solves are spread over the relayers in turn, and a relayer
 * the balance check saw below the minimum is skipped (all of them: a 503 before anything is sent).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { checkRelayerBalances } from "./checkRelayerBalances.js";
import { pickRelayer } from "./pickRelayer.js";
import { RELAYER_BALANCE_RECORD_TTL_MS } from "./relayerBalanceRecord.js";

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

describe("checkRelayerBalances and rotation", () => {
  const setBalance = (address: string, wei: bigint) =>
    client.request({ method: "anvil_setBalance" as never, params: [address, `0x${wei.toString(16)}`] as never });

  it("a relayer below the minimum leaves rotation; with none funded the pick is a 503; topped up it returns", async () => {
    const chainId = 8453;
    const min = 10n ** 16n;
    await setBalance(first!.address, min - 1n);
    await setBalance(second!.address, min);
    const seen = await checkRelayerBalances({ redis: t.redis, client, chainId, relayers: [first!.address, second!.address], minBalanceWei: min });
    expect(seen.map((r) => [r.relayer, r.low])).toEqual([[first!.address, true], [second!.address, false]]);
    for (let i = 0; i < 4; i++) expect((await pickRelayer(t.redis, chainId, [first!, second!])).address).toBe(second!.address);

    await setBalance(second!.address, 0n);
    await checkRelayerBalances({ redis: t.redis, client, chainId, relayers: [first!.address, second!.address], minBalanceWei: min });
    await expect(pickRelayer(t.redis, chainId, [first!, second!])).rejects.toMatchObject({ code: "DEPENDENCY_DOWN", status: 503 });
    // A check older than the record's lifetime no longer holds a relayer back.
    await expect(pickRelayer(t.redis, chainId, [first!, second!], Date.now() + RELAYER_BALANCE_RECORD_TTL_MS + 1)).resolves.toBeDefined();

    await setBalance(first!.address, 10n ** 18n);
    await checkRelayerBalances({ redis: t.redis, client, chainId, relayers: [first!.address, second!.address], minBalanceWei: min });
    expect((await pickRelayer(t.redis, chainId, [first!, second!])).address).toBe(first!.address);
  });

  it("keeps the previous record of a relayer whose balance cannot be read", async () => {
    const unreachable = createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0, timeout: 500 }) }) as PublicClient;
    const chainId = 10;
    await checkRelayerBalances({ redis: t.redis, client, chainId, relayers: [first!.address], minBalanceWei: 10n ** 30n });
    expect(await checkRelayerBalances({ redis: t.redis, client: unreachable, chainId, relayers: [first!.address], minBalanceWei: 0n })).toEqual([]);
    await expect(pickRelayer(t.redis, chainId, [first!])).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });
});
