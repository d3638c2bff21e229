/** Whether `/bridge/quote` gave this account the deposit with this fingerprint (see `rememberBridgeQuote`). */
import type { Hex } from "viem";
import type { Redis } from "../redis/redisClient.js";
import { redisKeys } from "../redis/redisKeys.js";

export type WasBridgeQuoteIssuedParameters = { redis: Redis; accountId: string; fingerprint: Hex };

export async function wasBridgeQuoteIssued({ redis, accountId, fingerprint }: WasBridgeQuoteIssuedParameters): Promise<boolean> {
  return (await redis.exists(redisKeys.bridgeQuoteIssued(fingerprint, accountId))) > 0;
}
