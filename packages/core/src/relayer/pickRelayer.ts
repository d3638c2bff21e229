import { redisKeys } from "../redis/redisKeys.js";
import type { PrivateKeyAccount } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";
import { isOutOfRotation, readRelayerBalanceRecord } from "./relayerBalanceRecord.js";

/**
 * Spreads a chain's solves over its funded relayer wallets, round robin through a Redis counter (each wallet's nonces
 * are still allocated atomically; spreading only shortens each wallet's queue). A wallet the last balance check saw
 * below the chain's minimum (`checkRelayerBalances`) is skipped; when none is left the solve is refused with a 503,
 * before anything is sent. The balances and the counter are one Redis round trip; without Redis, picks at random.
 */
export async function pickRelayer(
  redis: Redis, chainId: number, relayers: readonly PrivateKeyAccount[], now = Date.now(),
): Promise<PrivateKeyAccount> {
  if (relayers.length === 0) {
    throw new SluiceError("UNSUPPORTED_CHAIN", "Gasless swaps are not available on this chain: no relayer is configured", {
      hint: "the operator sets RELAYER_PRIVATE_KEYS for the chain's allow-listed relayers",
    });
  }
  const pipeline = redis.pipeline();
  pipeline.hgetall(redisKeys.relayerBalances(chainId));
  pipeline.incr(redisKeys.relayerRoundRobin(chainId));
  const [balances, turn] = await pipeline.exec<[Record<string, unknown> | null, number]>()
    .catch(() => [null, Math.floor(Math.random() * relayers.length)] as const);
  const funded = relayers.filter((r) => !isOutOfRotation(readRelayerBalanceRecord(balances?.[r.address.toLowerCase()]), now));
  if (funded.length === 0) {
    throw new SluiceError("DEPENDENCY_DOWN",
      "No relayer on this chain can pay for gas right now; nothing was sent. Retry later, or submit the swap yourself (solve with dryRun, then confirm)",
      { hint: "the operator tops up the chain's relayer wallets (see GET /health and pnpm admin doctor)" });
  }
  return funded[turn % funded.length]!;
}

