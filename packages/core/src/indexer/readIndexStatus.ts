import { parseChainConfig } from "../chains/chainConfig.js";
import { chainNames, type ChainName } from "../chains/chains.js";
import type { Redis } from "../redis/createRedis.js";
import { redisIndexProgressStore } from "./indexProgressStore.js";
import { indexProgressSummary, type IndexProgressSummary } from "./indexProgressSummary.js";

export type ReadIndexStatusParameters = {
  redis: Redis;
  /** The deployment's `SLUICE_CHAINS`: its chains are reported; none: every chain of the registry. */
  sluiceChains: string | undefined;
};

/** The index progress of every configured chain (admin API, `pnpm admin index-status`). */
export async function readIndexStatus({ redis, sluiceChains }: ReadIndexStatusParameters): Promise<IndexProgressSummary[]> {
  const configured = sluiceChains ? Object.keys(parseChainConfig(sluiceChains)) as ChainName[] : [...chainNames];
  const store = redisIndexProgressStore(redis);
  return Promise.all(chainNames.filter((c) => configured.includes(c)).map(async (chain) => indexProgressSummary(chain, await store.read(chain))));
}
