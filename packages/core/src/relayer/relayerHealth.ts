import { isAddressEqual, type PrivateKeyAccount } from "viem";
import { parseChainConfig } from "../chains/chainConfig.js";
import { chainClientLookup } from "../chains/chainClientLookup.js";
import { chainNames, chains, type ChainName } from "../chains/chains.js";
import { chainSettings } from "../chains/chainSettings.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { checkRelayerBalances } from "./checkRelayerBalances.js";
import { parseRelayerAccounts } from "./parseRelayerAccounts.js";
import { readRelayerBalances } from "./readRelayerBalances.js";
import { isOutOfRotation } from "./relayerBalanceRecord.js";

export type RelayerHealthParameters = {
  redis: Redis;
  sluiceChains: string | undefined;
  relayerPrivateKeys: string | undefined;
  /** Re-check the balances of a chain whose last check is older than this (ms); 0: always (the cron). */
  maxAgeMs: number;
  now?: number;
};

/** Per chain with gasless swaps: how many relayers this deployment signs with, how many are funded, when last checked. */
export type RelayerHealthReturnType = Partial<Record<ChainName, { relayers: number; funded: number; checkedAt: string | null }>>;

/**
 * The relayers' state for operators and load balancers (no addresses of secrets, no URLs): per chain, the relayers
 * this deployment can sign with and how many hold at least the chain's minimum balance. A chain whose last balance
 * check is older than `maxAgeMs` is checked again first (one check per chain at a time, under a Redis lease); the
 * swap worker's cron calls this with `maxAgeMs: 0`, its health route with a minute.
 */
export async function relayerHealth(p: RelayerHealthParameters): Promise<RelayerHealthReturnType> {
  const now = p.now ?? Date.now();
  const config = parseChainConfig(p.sluiceChains);
  const clients = chainClientLookup(p.sluiceChains, 5_000);
  const report: RelayerHealthReturnType = {};
  await Promise.all(chainNames.filter((name) => config[name]?.executor).map(async (name) => {
    const deployment = config[name]!;
    const accounts: PrivateKeyAccount[] = parseRelayerAccounts(p.relayerPrivateKeys, deployment.relayers);
    if (accounts.length === 0) return;
    const chainId = chains[name].id;
    const { minRelayerBalanceWei: minBalanceWei } = chainSettings(name, deployment);
    let records = await readRelayerBalances(p.redis, chainId);
    const newest = Math.max(0, ...records.map((r) => r.checkedAt));
    const stale = now - newest >= p.maxAgeMs;
    if (stale && (await p.redis.set(redisKeys.relayerBalanceLease(chainId), "1", { nx: true, px: 15_000 })) === "OK") {
      try {
        await checkRelayerBalances({ redis: p.redis, client: clients(name)!, chainId, relayers: accounts.map((a) => a.address), minBalanceWei, now });
        records = await readRelayerBalances(p.redis, chainId);
      } finally {
        await p.redis.del(redisKeys.relayerBalanceLease(chainId)).catch(() => {});
      }
    }
    const mine = accounts.map((a) => records.find((r) => isAddressEqual(r.relayer, a.address)));
    const funded = mine.filter((r) => !isOutOfRotation(r, now)).length;
    const checked = mine.map((r) => r?.checkedAt ?? 0);
    report[name] = { relayers: accounts.length, funded, checkedAt: Math.min(...checked) > 0 ? new Date(Math.min(...checked)).toISOString() : null };
  }));
  return report;
}
