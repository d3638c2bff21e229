import { redisKeys } from "../redis/redisKeys.js";
import type { Redis } from "../redis/createRedis.js";
import type { IssuedPermit } from "./issuedPermit.js";

export type RememberIssuedPermitParameters = IssuedPermit & {
  chainId: number;
  nonce: bigint;
  deadline: bigint;
  /** The environment of the /route that issued it: only a /solve of the same environment reads it (`readIssuedPermit`). */
  environment: "production" | "sandbox";
  nowSeconds?: number;
};

/** Remembers a permit /route issued until its deadline has passed (plus a minute). */
export async function rememberIssuedPermit(redis: Redis, p: RememberIssuedPermitParameters): Promise<void> {
  const now = p.nowSeconds ?? Math.floor(Date.now() / 1000);
  const ttl = Math.max(60, Number(p.deadline) - now + 60);
  const record: IssuedPermit = { accountId: p.accountId, tokenIn: p.tokenIn, amountIn: p.amountIn, tokenOut: p.tokenOut, minAmountOut: p.minAmountOut };
  await redis.set(redisKeys.permitIssued(p.chainId, p.nonce, p.environment), JSON.stringify(record), { ex: ttl });
}
