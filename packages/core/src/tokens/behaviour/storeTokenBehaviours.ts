import type { Address } from "viem";
import type { ChainName } from "../../chains/chains.js";
import type { Redis } from "../../redis/createRedis.js";
import { redisKeys } from "../../redis/redisKeys.js";
import { TOKEN_BEHAVIOUR_MAX_AGE_MS, type TokenBehaviourRecord } from "./tokenBehaviourTypes.js";

/** Stores checked behaviours in the chain's hash; the hash expires once nothing has been checked for the maximum age. */
export async function storeTokenBehaviours(redis: Redis, chain: ChainName, records: ReadonlyMap<Address, TokenBehaviourRecord>): Promise<void> {
  if (records.size === 0) return;
  const key = redisKeys.tokenBehaviour(chain);
  const fields: Record<string, string> = {};
  for (const [address, record] of records) fields[address.toLowerCase()] = JSON.stringify(record);
  await redis.hset(key, fields);
  await redis.expire(key, Math.ceil(TOKEN_BEHAVIOUR_MAX_AGE_MS / 1000));
}
