/**
 * A relayer never overpays: above the chain's fee cap nothing is sent and no nonce is spent; below it the transaction
 * goes out with the network's fees. Against a real anvil node (its base fee raised as a congested chain's would be)
 * and a real Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
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
