import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hash, PublicClient } from "viem";
import type { Redis } from "../redis/createRedis.js";
import { readRelayedReceipt } from "../relayer/readRelayedReceipt.js";
import { forgetPendingSpend } from "./forgetPendingSpend.js";

/** An owner's pending-spend record as `HGETALL` answers it: tx hash → `raw:<amount>` (`recordPendingSpend`). */
export type PendingSpendEntries = Record<string, unknown>;

export type ReadPendingSpendParameters = {
  chainId: number;
  owner: Address;
  token: Address;
  client: PublicClient;
  /** The record, already read under the owner's spend lock (`acquireSpendLock` reads it); default: read here. */
  entries?: PendingSpendEntries;
  /** The time to judge an entry's age by (ms); default: now. */
  now?: number;
};

/**
 * An entry sent this long ago, still without a receipt, is checked against its relayer's nonce in the chain's
 * finalized block. Younger ones are in flight as a rule: no RPC call is spent on them.
 */
const CHECK_NONCE_AFTER_MS = 60_000;

/**
 * The input an owner's gasless solves have committed but the chain does not show spent yet: every recorded
 * transaction that has no receipt (nor any transaction the relayer repair sent in its place, `readRelayedReceipt`).
 * Dropped from the record: mined ones (succeeded or reverted), since the balance read after this already reflects
 * them; and ones whose relayer nonce a finalized block shows spent, since no transaction of that nonce can be mined any
 * more (another took it — the repair's plug of an expired permit, or an attempt that was never sent — or it did, and
 * the balance shows it). An RPC failure counts the transaction as still in flight.
 */
export async function readPendingSpend(redis: Redis, { chainId, owner, token, client, entries, now = Date.now() }: ReadPendingSpendParameters): Promise<bigint> {
  const key = redisKeys.pendingSpend(chainId, owner, token);
  const recorded = entries ?? (await redis.hgetall<PendingSpendEntries>(key)) ?? {};
  let pending = 0n;
  /** Each relayer's transaction count at the finalized block, read once however many entries it sent. */
  const finalizedCounts = new Map<Address, Promise<number | undefined>>();
  const nonceSpent = async ({ relayer, nonce }: Send): Promise<boolean> => {
    if (!finalizedCounts.has(relayer)) {
      finalizedCounts.set(relayer, client.getTransactionCount({ address: relayer, blockTag: "finalized" }).catch(() => undefined));
    }
    const count = await finalizedCounts.get(relayer)!;
    return count !== undefined && count > nonce;
  };
  await Promise.all(Object.entries(recorded).map(async ([hash, value]) => {
    const [mined, send] = await Promise.all([
      readRelayedReceipt({ redis, client, chainId, hash: hash as Hash }).then((r) => r.receipt !== undefined, () => false),
      redis.hget<string>(redisKeys.pendingSpendSends(chainId, owner, token), hash).then(parseSend, () => undefined),
    ]);
    const settled = mined || (send !== undefined && now - send.sentAtMs >= CHECK_NONCE_AFTER_MS && await nonceSpent(send));
    if (!settled) {
      pending += BigInt(String(value).replace(/^raw:/, ""));
      return;
    }
    // Settled either way: the balance read after this shows it, so it counts for nothing even if Redis keeps it.
    await forgetPendingSpend(redis, { chainId, owner, token, txHash: hash as Hash }).catch(() => {});
  }));
  return pending;
}

type Send = { relayer: Address; nonce: number; sentAtMs: number };

function parseSend(value: unknown): Send | undefined {
  const match = /^(0x[0-9a-f]{40}):(\d+):(\d+)$/.exec(String(value ?? ""));
  return match ? { relayer: match[1] as Address, nonce: Number(match[2]), sentAtMs: Number(match[3]) } : undefined;
}
