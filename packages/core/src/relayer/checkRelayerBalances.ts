import type { Address, PublicClient } from "viem";
import { logEvent } from "../observability/logEvent.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import type { RelayerBalanceRecord } from "./relayerBalanceRecord.js";

export type CheckRelayerBalancesParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  relayers: readonly Address[];
  /** Below this (wei of the native coin) a relayer is taken out of rotation. */
  minBalanceWei: bigint;
  now?: number;
};

export type CheckRelayerBalancesReturnType = RelayerBalanceRecord[];

/**
 * Reads every relayer's native balance on a chain and stores what it saw (`redisKeys.relayerBalances`), so
 * `pickRelayer` skips wallets below the minimum and the health endpoint and `pnpm admin doctor` can report them.
 * Run by the swap worker's cron and, when the stored check is stale, by its health route. A relayer whose balance
 * cannot be read keeps its previous record. Logs a warning for every relayer below the minimum.
 */
export async function checkRelayerBalances(p: CheckRelayerBalancesParameters): Promise<CheckRelayerBalancesReturnType> {
  const checkedAt = p.now ?? Date.now();
  const read = await Promise.all(p.relayers.map(async (relayer) => {
    const balance = await p.client.getBalance({ address: relayer }).catch(() => undefined);
    if (balance === undefined) return undefined;
    const record: RelayerBalanceRecord = {
      relayer, balanceWei: String(balance), minBalanceWei: String(p.minBalanceWei), low: balance < p.minBalanceWei, checkedAt,
    };
    return record;
  }));
  const records = read.filter((r): r is RelayerBalanceRecord => r !== undefined);
  if (records.length > 0) {
    await p.redis.hset(redisKeys.relayerBalances(p.chainId),
      Object.fromEntries(records.map((r) => [r.relayer.toLowerCase(), JSON.stringify(r)])));
  }
  for (const r of records.filter((x) => x.low)) {
    logEvent("warn", "relayer.balance.low", { chainId: p.chainId, relayer: r.relayer, balanceWei: r.balanceWei, minBalanceWei: r.minBalanceWei });
  }
  return records;
}
