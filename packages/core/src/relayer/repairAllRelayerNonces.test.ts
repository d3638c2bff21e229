/**
 * The swap cron's relayer repair on a real anvil node (automine on, as the devnet) and a real Redis: a gasless send
 * the network cut (answered as sent perhaps, never reaching the node) left its nonce a gap, and the swap sent after it
 * waits queued behind the gap. No further gasless send comes to run the repair; the cron's does: the lost transaction
 * is sent again, the queue behind it is mined, and the first hash finds what the chain mined.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts, startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { redisKeys } from "../redis/redisKeys.js";
import { readRelayedReceipt } from "./readRelayedReceipt.js";
import { repairAllRelayerNonces } from "./repairAllRelayerNonces.js";
import { sendRelayerTransaction } from "./sendRelayerTransaction.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
const relayerKey = devAccounts()[8]!.privateKey;
const relayer = privateKeyToAccount(relayerKey);
const to = devAccounts()[4]!.address;

beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});

/**
 * The network fails the send and the lookup after it: the relayer cannot know the node did not get it, so it answers
 * the hash (the swap is recorded as sent) and keeps the nonce.
 */
const cutClient = () => createPublicClient({
  transport: http(anvil.rpcUrl, {
    retryCount: 0,
    fetchFn: async (input, init) => {
      const body = String(init?.body ?? "");
      if (body.includes("eth_sendRawTransaction") || body.includes("eth_getTransactionByHash")) return new Response("bad gateway", { status: 502 });
      return fetch(input, init);
    },
  }),
}) as PublicClient;

describe("repairAllRelayerNonces", () => {
  it("sends again a transaction the node never got, so the swaps queued behind its nonce are mined without another send", async () => {
    const sluiceChains = JSON.stringify({ base: { rpcUrl: anvil.rpcUrl, executor: to, relayers: [relayer.address] } });
    const lost = await sendRelayerTransaction({ redis: t.redis, client: cutClient(), chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    const behind = await sendRelayerTransaction({ redis: t.redis, client, chainId: 8453, account: relayer, to, data: "0x01", gas: 30_000n });
    expect(behind.nonce).toBe(lost.nonce + 1);
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "latest" })).toBe(lost.nonce); // the gap holds it

    const repairs = await repairAllRelayerNonces({ redis: t.redis, sluiceChains, relayerPrivateKeys: relayerKey, stuckAfterMs: 0 });

    expect(repairs).toEqual({ base: [{ relayer: relayer.address, nonce: lost.nonce, action: "replaced" }] });
    await expect.poll(() => client.getTransactionCount({ address: relayer.address, blockTag: "latest" })).toBe(behind.nonce + 1);
    expect((await client.getTransactionReceipt({ hash: behind.hash })).status).toBe("success");
    const found = await readRelayedReceipt({ redis: t.redis, client, chainId: 8453, hash: lost.hash });
    expect(found.receipt?.status).toBe("success");
    // What was mined took the lost nonce (sent again at the chain's fees, no bump: the very same transaction, same
    // hash, when the fees did not move meanwhile).
    expect((await client.getTransaction({ hash: found.receipt!.transactionHash })).nonce).toBe(lost.nonce);
  });

  it("repairs only the chains this deployment sends gasless swaps on, with its own relayers' keys", async () => {
    const lost = await sendRelayerTransaction({ redis: t.redis, client: cutClient(), chainId: 8453, account: relayer, to, data: "0x", gas: 21_000n });
    const elsewhere = [
      { base: { rpcUrl: anvil.rpcUrl, executor: to, relayers: [devAccounts()[7]!.address] } }, // another deployment's relayer
      { base: { rpcUrl: anvil.rpcUrl, executor: null, relayers: [relayer.address] } }, // no gasless swaps on base
    ];
    for (const config of elsewhere) {
      await t.redis.del(redisKeys.relayerRepairLease(8453)); // the first test's repair left its lease
      expect(await repairAllRelayerNonces({ redis: t.redis, sluiceChains: JSON.stringify(config), relayerPrivateKeys: relayerKey, stuckAfterMs: 0 })).toEqual({});
    }
    expect(await client.getTransactionCount({ address: relayer.address, blockTag: "pending" })).toBe(lost.nonce);
  });
});
