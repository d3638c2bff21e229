import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { IssuedPermit } from "./issuedPermit.js";

/**
 * The binding of a permit nonce /route issued, or null when /route never issued it (or it expired). Only `environment`'s
 * /route counts: a sandbox answer's nonce is unknown to production, and the reverse.
 */
export async function readIssuedPermit(
  redis: Redis, chainId: number, nonce: bigint, environment: "production" | "sandbox",
): Promise<IssuedPermit | null> {
  const value = await redis.get<IssuedPermit | string>(redisKeys.permitIssued(chainId, nonce, environment));
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? (JSON.parse(value) as IssuedPermit) : value;
}
