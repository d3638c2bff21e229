/**
 * Reading back a relayer transaction through its recorded links, on a real anvil node and a real Redis: when two
 * transactions of one solve were both mined (an attempt re-signed at another nonce after its first send's answer was
 * lost, both reaching the chain: the permit lets one swap and the other reverts), the solve is what the chain did —
 * the successful one — whichever the links name first.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { readRelayedReceipt } from "./readRelayedReceipt.js";
import { recordRelayerReplacement } from "./recordRelayerReplacement.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const relayer = privateKeyToAccount(devAccounts()[8]!.privateKey);
/** Any call to it reverts (its code is the INVALID opcode). */
const reverting = "0x00000000000000000000000000000000000a11ce" as const;

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0 })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  await client.request({ method: "anvil_setCode" as never, params: [reverting, "0xfe"] as never });
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

describe("readRelayedReceipt", () => {
  it("of two linked transactions both mined, one reverted and one successful, answers the successful one's receipt", async () => {
    const wallet = createWalletClient({ account: relayer, transport: http(anvil.rpcUrl) });
    const send = (to: Hex) => wallet.sendTransaction({ chain: null, to, data: "0x", gas: 50_000n });
    const reverted = await send(reverting);
    const succeeded = await send(devAccounts()[7]!.address);
    expect((await client.waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    expect((await client.waitForTransactionReceipt({ hash: succeeded })).status).toBe("success");
    // The reverted one is what the usage event holds; the successful one is linked to it.
    await recordRelayerReplacement(t.redis, { chainId: 8453, replaced: reverted, replacement: succeeded });
    const read = await readRelayedReceipt({ redis: t.redis, client, chainId: 8453, hash: reverted });
    expect(read.hashes).toEqual([reverted.toLowerCase(), succeeded.toLowerCase()]);
    expect(read.receipt).toMatchObject({ transactionHash: succeeded, status: "success" });
    // Only the reverted one mined (nothing linked): that is the outcome.
    const alone = await send(reverting);
    await client.waitForTransactionReceipt({ hash: alone });
    expect((await readRelayedReceipt({ redis: t.redis, client, chainId: 8453, hash: alone })).receipt).toMatchObject({ status: "reverted" });
  });
});
