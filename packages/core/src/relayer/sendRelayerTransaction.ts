import { redisKeys } from "../redis/redisKeys.js";
import type { Address, Hex, PrivateKeyAccount, PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { feesAboveCap } from "./feesAboveCap.js";
import type { Redis } from "../redis/createRedis.js";
import { allocateRelayerNonce } from "./allocateRelayerNonce.js";
import { classifySendError } from "./classifySendError.js";
import { lookUpTransaction } from "./lookUpTransaction.js";
import { markRelayerLow } from "./markRelayerLow.js";
import type { InflightRecord } from "./inflightRecord.js";
import { resyncRelayerNonce } from "./resyncRelayerNonce.js";
import { returnRelayerNonce } from "./returnRelayerNonce.js";
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
  /**
   * Runs once per attempt, after it is signed and before the node can have it, with that attempt's hash and nonce: what must
   * outlive this worker should it die right after the send (a solve's usage event) is made durable here. If it
   * throws, nothing is sent: the nonce goes back as a hole and the error is thrown (a non-Sluice one as
   * DEPENDENCY_DOWN).
   */
  beforeSend?: (hash: Hex, nonce: number) => Promise<void>;
  /**
   * The first attempt's nonce, already being allocated (`allocateRelayerNonce` for this relayer) while the caller did
   * other work, so the allocation's round trip is off the send's path. From the call on it is this function's: it is
   * sent at, or given back as a hole when nothing is (`returnRelayerNonce`). Default: allocated here.
   */
  nonce?: Promise<number>;
};

export type SentRelayerTransaction = { hash: Hex; relayer: Address; nonce: number };

const ATTEMPTS = 4;

/**
 * Sends a transaction from a relayer wallet, paying gas, without ever colliding with a concurrent send:
 *  1. the nonce comes from `allocateRelayerNonce` (atomic in Redis; holes first, then the counter), for the first
 *     attempt perhaps allocated by the caller beforehand (`nonce`);
 *  2. the node says the nonce is taken (too low / already known) → unless by this very transaction (its hash is
 *     found: its answer was lost and a retry met it; a lookup that fails makes it an uncertain send, step 3), the
 *     counter is raised to the chain's pending count and the send retried with a fresh nonce. A backend that does not
 *     know it yet (twice, a second apart) may still be wrong: then both attempts can be mined, so what must find the
 *     mined one is kept under the first attempt's hash, from which each later one is linked (`holdSolveEvent`);
 *  3. the send failed in a way that leaves it unknown whether the node got it (`settleUncertainSend`) → it counts as
 *     sent unless the node says for sure it does not have it: a transaction that may be mined is answered with its
 *     hash (known before sending), so the solve records it and the chain decides, and never has its nonce handed out
 *     again; only a definite "not sent" returns the nonce as a hole, reused by the next send (or, on a quiet relayer,
 *     dropped by the repair lowering the counter, or plugged if a sent transaction waits behind it), so it never
 *     leaves a gap that wedges the transactions behind it;
 *  4. before each attempt goes out, `beforeSend` makes durable what names its hash (nothing is sent if it fails);
 *  5. sent → recorded as in flight (nonce → what was sent) so `repairRelayerNonces` can replace it if it sticks (or,
 *     sent only perhaps, if the node never got it).
 * Above the chain's fee cap nothing is sent: the relayer never overpays for a user's swap. A relayer the node finds
 * short of funds is taken out of rotation (`markRelayerLow`) and the solve answered 503.
 */
export async function sendRelayerTransaction(params: SendRelayerTransactionParameters): Promise<SentRelayerTransaction> {
  const { redis, client, chainId, account, to, data, gas } = params;
  const keys = redisKeys.relayer(chainId, account.address);
  // Its failure surfaces where the first attempt awaits it, not as an unhandled rejection while the fees are read.
  params.nonce?.catch(() => {});
  const hole = (nonce: number) => returnRelayerNonce({ redis, chainId, relayer: account.address, nonce });
  /** Nothing was sent: a nonce allocated beforehand goes back. */
  const unsent = async () => {
    if (params.nonce) await params.nonce.then(hole, () => {});
  };
  const fees = await (params.fees ?? client.estimateFeesPerGas()).catch(async (cause: unknown) => {
    await unsent();
    throw new SluiceError("DEPENDENCY_DOWN", "The chain's RPC did not answer (fees); nothing was sent, retry shortly", { cause });
  });
  const aboveCap = feesAboveCap(fees, params.maxFeePerGasCap);
  if (aboveCap) {
    await unsent();
    throw aboveCap;
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const allocated = attempt === 0 && params.nonce ? params.nonce : allocateRelayerNonce({ redis, client, chainId, relayer: account.address });
    const nonce = await allocated.catch((cause: unknown) => {
      throw new SluiceError("DEPENDENCY_DOWN", "Relayer nonce storage is unavailable; nothing was sent, retry shortly", { cause });
    });
    const tx = { to, data, gas, nonce, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    const { serialized, hash } = await signRelayerTransaction(account, chainId, tx);
    if (params.beforeSend) {
      try {
        await params.beforeSend(hash, nonce);
      } catch (cause) {
        await hole(nonce);
        throw cause instanceof SluiceError ? cause
          : new SluiceError("DEPENDENCY_DOWN", "The swap could not be recorded before sending; nothing was sent, retry shortly", { cause });
      }
    }
    try {
      await client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (error) {
      lastError = error;
      let kind = classifySendError(error);
      // "Nonce too low" can be this very transaction's doing: the node took it, the answer was lost and the client's
      // retry met its own nonce. Then it is sent (and may be mined): never signed again at another nonce. A lookup
      // that fails says nothing either way: the outcome is uncertain, settled as any uncertain send is.
      // A backend that has not seen it yet (a load-balanced provider) answers "unknown" for a moment: asked once more
      // after a second before the nonce counts as another transaction's.
      if (kind === "nonce") {
        let lookup = await lookUpTransaction(client, hash);
        if (lookup === "unknown") lookup = await new Promise((resolve) => setTimeout(resolve, LOOKUP_AGAIN_MS)).then(() => lookUpTransaction(client, hash));
        if (lookup === "found") kind = "known";
        else if (lookup === "failed") kind = "uncertain";
      }
      if (kind === "nonce") {
        await resyncRelayerNonce({ redis, client, chainId, relayer: account.address }).catch(() => {});
        continue;
      }
      const settled = kind === "uncertain" ? await settleUncertainSend(client, hash, serialized) : undefined;
      if (kind === "known" || settled?.sent) {
        // Awaited even in the background mode: a transaction sent only perhaps must be in the repair's view at once.
        await remember(redis, keys.inflight, nonce, { hash, to, data, gas, fees });
        return { hash, relayer: account.address, nonce };
      }
      if (settled && !settled.sent) {
        // The node said for sure it does not have it, and refused it when sent again: that refusal decides.
        lastError = settled.error;
        kind = classifySendError(settled.error);
        if (kind === "nonce") {
          await resyncRelayerNonce({ redis, client, chainId, relayer: account.address }).catch(() => {});
          continue;
        }
      }
      await hole(nonce);
      if (kind === "funds") {
        await markRelayerLow({ redis, client, chainId, relayer: account.address, minBalanceWei: params.minBalanceWei ?? 0n });
        throw new SluiceError("DEPENDENCY_DOWN", "The relayer cannot pay for gas right now; nothing was sent, retry shortly", {
          cause: lastError, hint: "the operator tops up the chain's relayer wallets (see GET /health and pnpm admin doctor)",
        });
      }
      const down = kind === "uncertain" || kind === "unreachable";
      throw new SluiceError(down ? "DEPENDENCY_DOWN" : "TRANSACTION_REJECTED",
        down
          ? "The chain's RPC failed while sending; nothing was sent, retry shortly"
          : `The node refused the relayer's transaction: ${shortMessage(lastError)}`,
        { cause: lastError });
    }
    const remembered = remember(redis, keys.inflight, nonce, { hash, to, data, gas, fees });
    if (params.background) params.background(remembered);
    else await remembered;
    return { hash, relayer: account.address, nonce };
  }
  throw new SluiceError("DEPENDENCY_DOWN", "The relayer could not get a free nonce; nothing was sent, retry shortly", { cause: lastError });
}

/** How long a send whose nonce was taken waits before asking again whether the node has it. */
const LOOKUP_AGAIN_MS = 1_000;

/**
 * After a send whose outcome is unknown (a timeout, a 5xx: the node may have taken it), whether it counts as sent.
 * The hash is looked up:
 * - found → sent;
 * - the lookup fails too → sent: nothing says the node does not have it, and a transaction that may be mined must be
 *   recorded (its usage event, the owner's pending spend) and its nonce never handed out again. If the node never got
 *   it, the repair finds its hash unknown and sends it again at that nonce;
 * - the node answers it does not know the hash → not yet enough: right after a send, a load-balanced provider may ask
 *   a backend that has not seen it yet. The same signed bytes are sent again (they cannot make a second transaction:
 *   same nonce, same hash): taken, "already known" or uncertain again → sent; its nonce taken and the hash now found
 *   (mined meanwhile), or that lookup failing → sent; refused → not sent, with the refusal, which decides what becomes
 *   of the nonce as for a first send.
 */
async function settleUncertainSend(client: PublicClient, hash: Hex, serialized: Hex): Promise<{ sent: true } | { sent: false; error: unknown }> {
  const lookup = await lookUpTransaction(client, hash);
  if (lookup !== "unknown") return { sent: true };
  try {
    await client.sendRawTransaction({ serializedTransaction: serialized });
    return { sent: true };
  } catch (error) {
    const kind = classifySendError(error);
    if (kind === "known" || kind === "uncertain") return { sent: true };
    // The nonce is taken now: by this very transaction if it was mined meanwhile (then it is sent, never re-signed).
    // A lookup that fails says nothing either way, as after a first send: sent.
    if (kind === "nonce" && (await lookUpTransaction(client, hash)) !== "unknown") return { sent: true };
    return { sent: false, error };
  }
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

