import type { Address, PublicClient } from "viem";
import { logEvent } from "../observability/logEvent.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { RelayerBalanceRecord } from "./relayerBalanceRecord.js";

/**
 * Takes a relayer out of rotation at once after the node refused its transaction for want of funds, without waiting
 * for the next balance check (which puts it back once it is topped up above the minimum).
 */
export async function markRelayerLow(
  { redis, client, chainId, relayer, minBalanceWei }: { redis: Redis; client: PublicClient; chainId: number; relayer: Address; minBalanceWei: bigint },
): Promise<void> {
  const balance = await client.getBalance({ address: relayer }).catch(() => 0n);
  const record: RelayerBalanceRecord = {
    relayer, balanceWei: String(balance), minBalanceWei: String(minBalanceWei), low: true, checkedAt: Date.now(),
  };
  logEvent("warn", "relayer.balance.insufficient", { chainId, relayer, balanceWei: record.balanceWei });
  await redis.hset(redisKeys.relayerBalances(chainId), { [relayer.toLowerCase()]: JSON.stringify(record) }).catch(() => {});
}
