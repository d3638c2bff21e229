import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hex, PrivateKeyAccount, PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { Redis } from "../redis/createRedis.js";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { classifySendError } from "./classifySendError.js";
import { markRelayerLow } from "./markRelayerLow.js";
import type { InflightRecord } from "./inflightRecord.js";
import { resyncRelayerNonce } from "./resyncRelayerNonce.js";
import { signRelayerTransaction } from "./signRelayerTransaction.js";

export type SendRelayerTransactionParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  account: PrivateKeyAccount;
  to: Address;
  data: Hex;
  gas: bigint;
  /** The most the relayer pays per gas (wei): when the network asks more, nothing is sent (`UPSTREAM_ERROR`). */
  maxFeePerGasCap?: bigint;
  /** The chain's minimum relayer balance: a relayer the node finds short of funds is recorded below it at once. */
  minBalanceWei?: bigint;
  /** The chain's fees, already being read (`client.estimateFeesPerGas()`); default: read here. */
  fees?: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  /**
   * Runs work after the answer (the worker's `waitUntil`): given, the in-flight record of a sent transaction is written
   * there instead of before returning (the repair only looks at transactions pending far longer). Default: awaited.
   */
  background?: (work: Promise<unknown>) => void;
};

export type SentRelayerTransaction = { hash: Hex; relayer: Address; nonce: number };

const ATTEMPTS = 4;

/**
 * Sends a transaction from a relayer wallet, paying gas, without ever colliding with a concurrent send:
 *  1. the nonce comes from `allocateRelayerNonce` (atomic in Redis; holes first, then the counter);
 *  2. the node says the nonce is taken (too low / already known) → the counter is raised to the chain's pending
 *     count and the send retried with a fresh nonce;
 *  3. the send failed in a way that leaves it unknown whether the node got it → the locally computed hash is
 *     looked up; not there → the nonce goes back as a hole, reused by the next send (or plugged by the repair),
 *     so it never leaves a gap that wedges the transactions behind it;
 *  4. sent → recorded as in flight (nonce → what was sent) so `repairRelayerNonces` can replace it if it sticks.
 * Above the chain's fee cap nothing is sent: the relayer never overpays for a user's swap. A relayer the node finds
 * short of funds is taken out of rotation (`markRelayerLow`) and the solve answered 503.
 */
export async function sendRelayerTransaction(params: SendRelayerTransactionParameters): Promise<SentRelayerTransaction> {
  const { redis, client, chainId, account, to, data, gas } = params;
  const keys = redisKeys.relayer(chainId, account.address);
  const fees = await (params.fees ?? client.estimateFeesPerGas()).catch((cause: unknown) => {
    throw new SluiceError("DEPENDENCY_DOWN", "The chain's RPC did not answer (fees); nothing was sent, retry shortly", { cause });
  });
  if (params.maxFeePerGasCap !== undefined && fees.maxFeePerGas > params.maxFeePerGasCap) {
    throw new SluiceError("UPSTREAM_ERROR",
      `Gas on this chain costs more than Sluice pays for a gasless swap (${gwei(fees.maxFeePerGas)} gwei asked, ${gwei(params.maxFeePerGasCap)} gwei at most); nothing was sent, retry later`,
      { hint: "the user can also submit the swap themselves: /solve with dryRun, then /confirm" });
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const nonce = await allocateRelayerNonce({ redis, client, chainId, relayer: account.address }).catch((cause) => {
      throw new SluiceError("DEPENDENCY_DOWN", "Relayer nonce storage is unavailable; nothing was sent, retry shortly", { cause });
    });
    const tx = { to, data, gas, nonce, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    const { serialized, hash } = await signRelayerTransaction(account, chainId, tx);
    try {
      await client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (error) {
      lastError = error;
      const kind = classifySendError(error);
      if (kind === "nonce") {
        await resyncRelayerNonce({ redis, client, chainId, relayer: account.address }).catch(() => {});
        continue;
      }
      if (kind === "uncertain" && (await client.getTransaction({ hash }).catch(() => null))) {
        await remember(redis, keys.inflight, nonce, { hash, to, data, gas, fees });
        return { hash, relayer: account.address, nonce };
      }
      await redis.zadd(keys.holes, { score: nonce, member: String(nonce) }).catch(() => {});
      if (kind === "funds") {
        await markRelayerLow({ redis, client, chainId, relayer: account.address, minBalanceWei: params.minBalanceWei ?? 0n });
        throw new SluiceError("DEPENDENCY_DOWN", "The relayer cannot pay for gas right now; nothing was sent, retry shortly", {
          cause: error, hint: "the operator tops up the chain's relayer wallets (see GET /health and pnpm admin doctor)",
        });
      }
      throw new SluiceError(kind === "uncertain" ? "DEPENDENCY_DOWN" : "TRANSACTION_REJECTED",
        kind === "uncertain"
          ? "The chain's RPC failed while sending; nothing was sent, retry shortly"
          : `The node refused the relayer's transaction: ${shortMessage(error)}`,
        { cause: error });
    }
    const remembered = remember(redis, keys.inflight, nonce, { hash, to, data, gas, fees });
    if (params.background) params.background(remembered);
    else await remembered;
    return { hash, relayer: account.address, nonce };
  }
  throw new SluiceError("DEPENDENCY_DOWN", "The relayer could not get a free nonce; nothing was sent, retry shortly", { cause: lastError });
}

async function remember(
  redis: Redis, key: string, nonce: number,
  { hash, to, data, gas, fees }: { hash: Hex; to: Address; data: Hex; gas: bigint; fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } },
) {
  const record: InflightRecord = {
    hash, to, data, gas: String(gas), maxFeePerGas: String(fees.maxFeePerGas),
    maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas), sentAt: Date.now(),
  };
  // Losing this record only means a stuck transaction is plugged with a filler rather than replaced.
  await redis.hset(key, { [String(nonce)]: JSON.stringify(record) }).catch(() => {});
}

function shortMessage(error: unknown): string {
  const e = error as { shortMessage?: string; details?: string; message?: string };
  return (e.details ?? e.shortMessage ?? e.message ?? "unknown error").slice(0, 200);
}

function gwei(wei: bigint): string {
  const whole = wei / 1_000_000_000n;
  const fraction = (wei % 1_000_000_000n).toString().padStart(9, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
