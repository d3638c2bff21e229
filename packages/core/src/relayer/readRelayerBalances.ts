import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { readRelayerBalanceRecord, type RelayerBalanceRecord } from "./relayerBalanceRecord.js";

/** The stored balance checks of a chain's relayers (`checkRelayerBalances`), oldest check first. */
export async function readRelayerBalances(redis: Redis, chainId: number): Promise<RelayerBalanceRecord[]> {
  const stored = await redis.hgetall<Record<string, unknown>>(redisKeys.relayerBalances(chainId));
  return Object.values(stored ?? {})
    .map(readRelayerBalanceRecord)
    .filter((r): r is RelayerBalanceRecord => r !== undefined)
    .sort((a, b) => a.checkedAt - b.checkedAt);
}
