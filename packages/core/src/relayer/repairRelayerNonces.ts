import { redisKeys } from "../redis/redisKeys.js";
import { decodeFunctionData, type Hex, type PrivateKeyAccount, type PublicClient } from "viem";
import { executorAbi } from "../executor/executorAbi.js";
import { findRevertData } from "../executor/findRevertData.js";
import type { Redis } from "../redis/createRedis.js";
import { classifySendError } from "./classifySendError.js";
import { readInflightRecord, type InflightRecord } from "./inflightRecord.js";
import { returnRelayerNonce } from "./returnRelayerNonce.js";
import { lookUpTransaction } from "./lookUpTransaction.js";
import { recordRelayerReplacement } from "./recordRelayerReplacement.js";
import { signRelayerTransaction } from "./signRelayerTransaction.js";

export type RepairRelayerNoncesParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  relayers: readonly PrivateKeyAccount[];
  /** A transaction not mined this long after it was sent (or a nonce never sent this long) counts as stuck. */
  stuckAfterMs: number;
  /**
   * The most a relayer pays per gas (wei), replacements and plugs included. A stuck transaction whose replacement would
   * need more (nodes require at least +12.5 %) is left as it is until fees fall, never overpaid; a dropped one waits only
   * while the chain's current ask is above it.
   */
  maxFeePerGasCap?: bigint;
};

export type RelayerRepair = { relayer: string; nonce: number; action: "replaced" | "plugged" | "reset" };

/**
 * How long after its send a transaction the node says it does not know counts as dropped (at most `stuckAfterMs`): a
 * load-balanced provider may answer from a backend that has not seen a transaction sent a moment ago, and the repair
 * runs right after each send.
 */
const DROPPED_AFTER_MS = 10_000;

/**
 * Lowers the counter (KEYS[1]) to the mined nonce (ARGV[1]) and forgets the holes (KEYS[3]): 1. Not when a nonce was
 * handed out since the repair looked (KEYS[2] ≠ ARGV[2]) or a send at or above it was recorded in flight meanwhile
 * (KEYS[4]): 0, next round. Not either when the mined nonce is a hole but some nonce between it and the counter is not
 * (handed out and never given back: its send may have reached the node with its record lost, queued behind the gap,
 * which the node's pending count does not show; a nonce handed out again would replace it): 2, plug the gap instead.
 */
const RESET = `
if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
local mined = tonumber(ARGV[1])
for _, n in ipairs(redis.call('HKEYS', KEYS[4])) do
  if tonumber(n) >= mined then return 0 end
end
local nextNonce = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if redis.call('ZSCORE', KEYS[3], ARGV[1]) and redis.call('ZCOUNT', KEYS[3], mined, nextNonce - 1) < nextNonce - mined then return 2 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[3])
return 1`;

/** Whether ARGV[1] is a hole (KEYS[1]): 1 or 0. */
const IS_HOLE = `return redis.call('ZSCORE', KEYS[1], ARGV[1]) and 1 or 0`;

/** Takes the hole ARGV[1] off KEYS[1] for a plug: 1 taken (no allocation has it), 0 it was no hole, -1 an allocation took it. */
const TAKE_HOLE_FOR_PLUG = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then return 1 end
if ARGV[2] == '1' then return -1 end
return 0`;

/**
 * Keeps one stuck or dropped transaction from wedging every later one of the same relayer. For each relayer,
 * looks at the lowest nonce not yet mined (the account's `latest` transaction count):
 * - it was sent and has been pending longer than `stuckAfterMs` → re-sent with the same call and doubled fees, at most
 *   the chain's fee cap (a valid replacement, so whichever is mined consumes the nonce; when even the smallest valid
 *   replacement is above the cap, it waits); the node answers it does not know it, a while after the send (a lost send,
 *   dropped from the mempool) → re-sent the same way while the cap allows the bump, else at the chain's current fees
 *   (nothing holds the nonce if it truly is gone), waiting only while those are above the cap.
 *   The link old hash → new hash is recorded before the replacement is sent (`recordRelayerReplacement`): the solve's
 *   usage event and pending spend hold the old hash, and are settled by whichever one the chain mines
 *   (`readRelayedReceipt`). A swap that would revert for sure (its permit expires before the replacement could be
 *   mined, or the call reverts on the chain's state now) is not sent again: its nonce is plugged. A lookup or
 *   simulation that fails (the RPC, not the node's answer) leaves the nonce for the next round;
 * - it was never sent (a hole, or an allocation whose send never happened) and no nonce was handed out for
 *   `stuckAfterMs` (while they are, the next allocation takes a hole), or a later nonce has waited behind it that long
 *   (a lost allocation on a busy relayer), and a later transaction of the relayer is in flight → plugged with a
 *   0-value transfer to the relayer itself;
 * - nothing is outstanding from the mined nonce on (the node has no pending transaction of the relayer, none is
 *   recorded in flight, and every nonce up to the counter was given back — holes of refused solves — or the mined one
 *   never was — the counter merely ahead, a chain reset) → the counter is lowered to the mined nonce and the holes
 *   forgotten (no plug is paid for a gap nothing waits behind; a nonce handed out past a hole and never given back may
 *   be a send queued behind it whose record was lost: that gap is plugged).
 * Runs at most once at a time per chain (a short Redis lease). Best effort: errors are swallowed; returns what it did.
 */
export async function repairRelayerNonces(params: RepairRelayerNoncesParameters): Promise<RelayerRepair[]> {
  const { redis, chainId, relayers, stuckAfterMs } = params;
  const lease = await redis.set(redisKeys.relayerRepairLease(chainId), "1", { nx: true, px: Math.max(1000, Math.min(stuckAfterMs, 10_000)) }).catch(() => null);
  if (lease !== "OK") return [];
  const done: RelayerRepair[] = [];
  for (const account of relayers) {
    const repair = await repairOne(params, account).catch(() => undefined);
    if (repair) done.push(repair);
  }
  return done;
}

async function repairOne(params: RepairRelayerNoncesParameters, account: PrivateKeyAccount): Promise<RelayerRepair | undefined> {
  const { redis, client, chainId, stuckAfterMs } = params;
  const keys = redisKeys.relayer(chainId, account.address);
  const [mined, pending] = await Promise.all([
    client.getTransactionCount({ address: account.address, blockTag: "latest" }),
    client.getTransactionCount({ address: account.address, blockTag: "pending" }),
  ]);
  // Forget what is mined.
  const inflight = (await redis.hgetall<Record<string, unknown>>(keys.inflight)) ?? {};
  const minedNonces = Object.keys(inflight).filter((n) => Number(n) < mined);
  if (minedNonces.length) await redis.hdel(keys.inflight, ...minedNonces);
  await redis.zremrangebyscore(keys.holes, "-inf", `(${mined}`);

  const [nextRaw, lastAllocation] = await Promise.all([redis.get<string>(keys.next), redis.get<string>(keys.lastAllocation)]);
  const next = nextRaw === null ? undefined : Number(nextRaw);
  if (next === undefined || next <= mined) return undefined;
  const now = Date.now();
  const quiet = lastAllocation === null || now - Number(lastAllocation) > stuckAfterMs;

  const record = inflight[String(mined)] === undefined ? undefined : readInflightRecord(inflight[String(mined)]);
  if (record) {
    const lookup = await lookUpTransaction(client, record.hash);
    if (lookup === "failed") return undefined; // no answer is not "dropped": next round
    const age = now - record.sentAt;
    const dropped = lookup === "unknown" && age > Math.min(stuckAfterMs, DROPPED_AFTER_MS);
    if (!dropped && age <= stuckAfterMs) return undefined;
    const priced = resendFees(await client.estimateFeesPerGas(), record, dropped, params.maxFeePerGasCap);
    if (!priced) return undefined;
    const { maxFeePerGas, maxPriorityFeePerGas } = priced;
    // A swap whose permit expires before its replacement could be mined, or that reverts on the chain's state now (its
    // price moved past the minimum, its owner's balance or allowance is gone), would revert for sure (gas spent,
    // counted against its owner): the nonce is taken by a 0-value transfer to the relayer instead, and the swap's hash,
    // never mined, settles failed once the dropped window has passed. No link is recorded: the plug is not the swap.
    // A simulation the RPC did not answer leaves the nonce for the next round.
    const doomed = isExpiredSwap(record.data, Math.floor(now / 1000) + PERMIT_EXPIRY_MARGIN_SECONDS) || await revertsNow(client, account, record);
    if (doomed === undefined) return undefined;
    const { serialized, hash } = await signRelayerTransaction(account, chainId, doomed
      ? { to: account.address, data: "0x", gas: 21_000n, nonce: mined, maxFeePerGas, maxPriorityFeePerGas }
      : { to: record.to, data: record.data, gas: BigInt(record.gas), nonce: mined, maxFeePerGas, maxPriorityFeePerGas });
    // First the link (throws: nothing is sent), so a replacement the chain mines is always found from the first hash.
    // (A dropped one re-sent at its own fees is signed to its own hash again: nothing to link.)
    if (!doomed && hash !== record.hash) await recordRelayerReplacement(redis, { chainId, replaced: record.hash, replacement: hash });
    try {
      await client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (error) {
      // Refused for sure: the old one stays in flight (a link to a hash never sent matches no receipt: harmless).
      // Uncertain, or the node has it already: the replacement may be mined, so it is what is in flight now.
      const kind = classifySendError(error);
      if (kind !== "uncertain" && kind !== "known") throw error;
    }
    const sentNow = doomed ? { ...record, to: account.address, data: "0x" as Hex, gas: "21000" } : record;
    await redis.hset(keys.inflight, { [String(mined)]: JSON.stringify({ ...sentNow, hash, maxFeePerGas: String(maxFeePerGas), maxPriorityFeePerGas: String(maxPriorityFeePerGas), sentAt: now }) });
    return { relayer: account.address, nonce: mined, action: doomed ? "plugged" : "replaced" };
  }

  // While nonces are being handed out, one not sent is maybe being sent right now, and a hole is taken by the next
  // allocation (holes first): only a quiet relayer's are repaired. Unless a later nonce has waited behind it longer
  // than `stuckAfterMs`: then it was handed out and never sent nor given back (its solve died after the allocation),
  // and only a plug lets a busy relayer's queue move again.
  const waitedBehind = Object.entries(inflight).some(([n, value]) => Number(n) > mined && now - readInflightRecord(value).sentAt > stuckAfterMs);
  if (!quiet && !waitedBehind) return undefined;
  const wasHole = Number(await redis.eval<string[], number>(IS_HOLE, [keys.holes], [String(mined)])) === 1;
  if (pending <= mined && Object.keys(inflight).every((n) => Number(n) < mined)) {
    // Nothing of ours is waiting in the node nor recorded in flight from `mined` on, and every nonce up to the counter
    // was given back (holes: refused solves', a replayed permit whose simulation fails) or the mined one never was (the
    // counter merely ahead of the chain): the counter goes back to the chain's, holes forgotten with it, and no plug is
    // paid for a gap nothing waits behind. A nonce handed out past a hole and never given back may be a send whose
    // record was lost, queued behind the hole: that gap is plugged (RESET answers 2).
    const reset = Number(await redis.eval<string[], number>(RESET,
      [keys.next, keys.lastAllocation, keys.holes, keys.inflight], [String(mined), String(lastAllocation)]));
    if (reset === 1) return { relayer: account.address, nonce: mined, action: "reset" };
    if (reset !== 2) return undefined;
  }
  // A hole an allocation took since the repair looked is that solve's now: not plugged (its send would be replaced).
  const taken = Number(await redis.eval<string[], number>(TAKE_HOLE_FOR_PLUG, [keys.holes], [String(mined), wasHole ? "1" : "0"]));
  if (taken === -1) return undefined;
  await plug(params, account, mined);
  return { relayer: account.address, nonce: mined, action: "plugged" };
}

/**
 * The fees to send at `record`'s nonce again, or undefined to wait for lower fees. Pending in the node (`dropped`
 * false), it is a replacement: nodes (geth, anvil) refuse one that does not raise both fees by at least 12.5 %, so it
 * carries doubled fees (at least the chain's current ask), at most the cap, and waits while even +12.5 % is above the
 * cap. Dropped (the node does not know the hash): priced the same while the bump fits under the cap (the node may be
 * wrong: a load-balanced provider's backend that has not seen what another's mempool holds, and geth refuses an
 * unbumped replacement); past that, nothing needs outbidding if it truly is gone, so it is sent at what the chain asks
 * now, waiting only while that ask itself is above the cap. Waiting for a bump there left a send priced within
 * 12.5 % of the cap unsent for good, and every later nonce of the relayer wedged behind it.
 */
function resendFees(
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }, record: InflightRecord, dropped: boolean, cap: bigint | undefined,
): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined {
  const bumpFits = cap === undefined || ceilBump(BigInt(record.maxFeePerGas)) <= cap;
  // "Unknown" may be one backend of a load-balanced provider that has not seen it while the mempool holds it: priced
  // as a replacement whenever the cap allows, so it goes through either way.
  if (dropped && !bumpFits) {
    if (cap !== undefined && fees.maxFeePerGas > cap) return undefined;
    return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas, fees.maxFeePerGas) };
  }
  if (!bumpFits) return undefined;
  const maxFeePerGas = min(max(fees.maxFeePerGas, BigInt(record.maxFeePerGas) * 2n), cap);
  return { maxFeePerGas, maxPriorityFeePerGas: min(max(fees.maxPriorityFeePerGas, BigInt(record.maxPriorityFeePerGas) * 2n), maxFeePerGas) };
}

/** Whether the stuck call reverts if sent now (`eth_call` from the relayer with its gas); undefined: the RPC failed. */
async function revertsNow(client: PublicClient, account: PrivateKeyAccount, record: Pick<InflightRecord, "to" | "data" | "gas">): Promise<boolean | undefined> {
  return client.call({ account: account.address, to: record.to, data: record.data, gas: BigInt(record.gas) })
    .then(() => false, (error: unknown) => (findRevertData(error) === undefined ? undefined : true));
}

/** A 0-value transfer to the relayer itself at `nonce`: consumes the nonce so the queue behind it can be mined. */
async function plug(params: RepairRelayerNoncesParameters, account: PrivateKeyAccount, nonce: number): Promise<Hex> {
  const { client, chainId, redis } = params;
  const fees = await client.estimateFeesPerGas();
  const { serialized, hash } = await signRelayerTransaction(account, chainId, {
    to: account.address, data: "0x", gas: 21_000n, nonce,
    maxFeePerGas: min(fees.maxFeePerGas * 2n, params.maxFeePerGasCap),
    maxPriorityFeePerGas: min(fees.maxPriorityFeePerGas * 2n, min(fees.maxFeePerGas * 2n, params.maxFeePerGasCap)),
  });
  try {
    await client.sendRawTransaction({ serializedTransaction: serialized });
  } catch (error) {
    // Only a plug that surely did not go out gives its nonce back: one the node may have (uncertain), has, or whose
    // nonce is taken would hand the next solve a nonce that is not free (a wasted attempt, or a replaced transaction).
    const kind = classifySendError(error);
    if (kind === "rejected" || kind === "funds" || kind === "unreachable") await returnRelayerNonce({ redis, chainId, relayer: account.address, nonce });
    throw error;
  }
  return hash;
}

function min(a: bigint, b: bigint | undefined): bigint {
  return b === undefined || a < b ? a : b;
}

/** The smallest fee a replacement may carry: +12.5 %, rounded up. */
function ceilBump(fee: bigint): bigint {
  return (fee * 1125n + 999n) / 1000n;
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/** A replacement must be mined before its permit's deadline with this much to spare, or it is not sent. */
const PERMIT_EXPIRY_MARGIN_SECONDS = 30;

/** Whether `data` is an executor swap whose permit's deadline is at or before `bySeconds`. */
function isExpiredSwap(data: Hex, bySeconds: number): boolean {
  try {
    const { args } = decodeFunctionData({ abi: executorAbi, data });
    const permit = (args as readonly unknown[])[0] as { deadline?: bigint } | undefined;
    return typeof permit?.deadline === "bigint" && permit.deadline <= BigInt(bySeconds);
  } catch {
    return false; // not a swap (a plug, a filler): replaced as it is
  }
}
