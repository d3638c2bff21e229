import { isAddressEqual, type Hash, type PrivateKeyAccount } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { feesAboveCap } from "../relayer/feesAboveCap.js";
import type { ReleaseSpendLock, SpendLockFence } from "../permit/acquireSpendLock.js";
import { claimPermitForSend } from "../permit/claimPermitForSend.js";
import { forgetPendingSpend } from "../permit/forgetPendingSpend.js";
import { recordPendingSpend } from "../permit/recordPendingSpend.js";
import { formatQuote } from "../quoting/formatQuote.js";
import { allocateRelayerNonce } from "../relayer/allocateRelayerNonce.js";
import { parseRelayerAccounts } from "../relayer/parseRelayerAccounts.js";
import { repairRelayerNonces } from "../relayer/repairRelayerNonces.js";
import { returnRelayerNonce } from "../relayer/returnRelayerNonce.js";
import { sendRelayerTransaction } from "../relayer/sendRelayerTransaction.js";
import { recordGaslessRevert } from "../gasBudget/recordGaslessRevert.js";
import { recordGaslessSend } from "../gasBudget/recordGaslessSend.js";
import { markGaslessOwnerProven } from "../gasBudget/markGaslessOwnerProven.js";
import { finalizeAfterReceipt } from "./finalizeAfterReceipt.js";
import { nameEarlierSend } from "./nameEarlierSend.js";
import { holdSolveEvent } from "./holdSolveEvent.js";
import type { SolveContext } from "./solveContext.js";
import type { SolveSwapReturnType } from "./solveSwap.js";
import { gaslessGasCeiling } from "./gaslessGasCeiling.js";
import { simulateSolve } from "./simulateSolve.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export type SendGaslessSolveOptions = {
  /** The relayer that sends (`pickRelayer`, picked while the solve re-quoted). */
  relayer: Promise<PrivateKeyAccount>;
  /** The chain's fees (`estimateFeesPerGas`, read while the solve re-quoted). */
  fees: Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  /** The owner's spend lock, held by this solve: released once the input is recorded as pending spend and sent. */
  releaseLock: ReleaseSpendLock;
  /** The same lock's identity: the claims go through only while this solve still holds it, and extend it. */
  spendLock?: SpendLockFence;
  /** The owner's in-flight slot this send holds (`claimGaslessSlot`): given back once the transaction is mined. */
  slot?: { release: () => Promise<void> };
};

/**
 * The gasless solve of a verified, bound permit, under the owner's spend lock: claims the permit for this account and
 * its (owner, nonce) for this send while it simulates from the relayer that will send, then
 * sends with an atomically allocated relayer nonce (allocated once the claims hold, while the simulation runs; its
 * in-flight record written before returning, for the repair),
 * the solve's `pending` event made durable and its input reserved as the owner's pending spend before the node can have
 * the transaction (`holdSolveEvent`, `recordPendingSpend`: the owner's next solve sees the input committed however slow
 * the send, and the lock is released once it is sent; its receipt decides whether it counts, `finalizeAfterReceipt`),
 * and answers the transaction hash (the last attempt's: the only one known to have gone out; the event holds the
 * first, linked to it, until the finaliser sets the mined one). After the answer: stuck relayer nonces repaired.
 * The caller releases the lock when this throws; nothing is sent then.
 */
export async function sendGaslessSolve(s: SolveContext, o: SendGaslessSolveOptions): Promise<SolveSwapReturnType> {
  const { redis } = s.services;
  const chainId = s.chain.id;
  const usage = s.usage;
  if (!usage) throw new SluiceError("INTERNAL", "This deployment cannot record gasless solves");
  const { maxFeePerGasWei: feeCap, minRelayerBalanceWei: minBalanceWei, confirmations } = s.chain.settings;

  const claiming = s.services.time("claim", () => claimPermitForSend(redis, {
    chainId, owner: s.user, nonce: s.permit.nonce, deadline: s.permit.deadline, accountId: s.auth.accountId, claimant: s.event.id,
    spendLock: o.spendLock,
  }));
  const simulating = (async () => {
    const relayer = await o.relayer;
    const gasCeiling = gaslessGasCeiling({ perHop: s.chain.settings.gaslessGasPerHop, route: s.quote.route });
    const simulated = await s.services.time("simulate", () => simulateSolve(s.chain.client, { from: relayer.address, to: s.executor, data: s.data, withGas: true, gasCeiling }));
    return { relayer, simulated };
  })();
  // The send's nonce is allocated once the claims hold, while the simulation runs: its round trip leaves the serial
  // path. Only a solve whose permit is its own takes one, so a replayed permit never opens a hole; one whose
  // simulation then fails gives it back (`returnRelayerNonce`; the repair lowers the counter over a hole nothing waits
  // behind, never paying a plug for it). Fees above the cap take none: the send refuses them with the same fees.
  const allocating = claiming.then(async () => {
    const [relayer, fees] = await Promise.all([o.relayer, o.fees]);
    const aboveCap = feesAboveCap(fees, feeCap);
    if (aboveCap) throw aboveCap;
    return { relayer, nonce: await allocateRelayerNonce({ redis, client: s.chain.client, chainId, relayer: relayer.address }) };
  });
  allocating.catch(() => {});
  let nonceHandedOver = false;
  const returnNonce = () => nonceHandedOver ? undefined
    : allocating.then(({ relayer, nonce }) => returnRelayerNonce({ redis, chainId, relayer: relayer.address, nonce }), () => {});
  const [claimed, simulation] = await Promise.allSettled([claiming, simulating]);
  // The permit's refusals first, as when the claims preceded the simulation.
  if (claimed.status === "rejected") throw await nameEarlierSend({ services: s.services, auth: s.auth, chainId }, claimed.reason);
  const releaseClaim = claimed.value;
  const occurredAt = new Date();
  const pending = { ...s.event, isDryRun: false, outcome: "pending" as const, occurredAt };
  // A sent swap is never missing from the ledger: its event is durable before the node can have the transaction
  // (held in the usage outbox, or written to Postgres when Redis refuses), so a worker that dies right after the
  // send still leaves it for the outbox's drain.
  const hold = holdSolveEvent({ redis, usage, chainId, event: pending });
  // The input is committed before the node can have the transaction (under the first attempt's hash; a later attempt
  // is linked to it as its replacement), so a send slower than the spend lock's hold cannot let the owner's next solve
  // spend it again: that solve's transaction would revert, at the relayer's cost.
  const spend = { chainId, owner: s.user, token: s.quote.tokenIn.address };
  let reserved: Hash | undefined;
  // Every attempt names the nonce it is signed with, under the first attempt's hash (a retry after "nonce too low" is
  // signed at another nonce, and only the last attempt can be in flight): the entry is let go of without a receipt
  // only once a finalized block shows that nonce spent (`readPendingSpend`). Written only while the owner's spend
  // lock is still this solve's: a solve slower than the lock's hold sends nothing.
  const reserve = async (hash: Hash, nonce: number) => {
    reserved ??= hash; // before the write: a write whose answer is lost may have landed, and is let go of if unsent
    const { relayer } = await allocating;
    await recordPendingSpend(redis, {
      ...spend, txHash: reserved, amount: s.quote.amountIn, send: { relayer: relayer.address, nonce }, spendLock: o.spendLock,
    });
  };
  // Both settle before the send goes on or is given up, so what an unsent attempt left is let go of below.
  const beforeSend = async (hash: Hash, nonce: number) => {
    const [held, reservation] = await Promise.allSettled([hold.beforeSend(hash), reserve(hash, nonce)]);
    if (held.status === "rejected") throw held.reason;
    if (reservation.status === "rejected") throw reservation.reason;
  };
  /** Tries again after the answer to let go of an unsent attempt's entry (Redis refused it a moment ago). */
  const letGoLater = async (hash: Hash) => {
    for (const waitMs of [1_000, 5_000, 15_000]) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      if (await forgetPendingSpend(redis, { ...spend, txHash: hash }).then(() => true, () => false)) return;
    }
    console.error("unsent solve's pending spend not let go of (it counts until the owner's record expires)", s.event.id);
  };
  let sent;
  try {
    if (simulation.status === "rejected") throw simulation.reason;
    const { relayer, simulated } = simulation.value;
    if (simulated.amountOut < s.minAmountOut) {
      throw new SluiceError("SIMULATION_FAILED", "The route no longer meets the minimum output; request a fresh quote");
    }
    nonceHandedOver = true;
    sent = await s.services.time("send", () => sendRelayerTransaction({
      redis, client: s.chain.client, chainId, account: relayer, to: s.executor, data: s.data, gas: simulated.gas,
      maxFeePerGasCap: feeCap, minBalanceWei, fees: o.fees, nonce: allocating.then(({ nonce }) => nonce),
      beforeSend: (hash, nonce) => s.services.time("record", () => beforeSend(hash, nonce)),
    }));
  } catch (error) {
    await Promise.all([
      releaseClaim(), returnNonce(),
      hold.release().catch((e: unknown) => logEvent("error", "unsent solve event not let go of (it settles failed)", { eventId: s.event.id, error: errorText(e) })),
      reserved && forgetPendingSpend(redis, { ...spend, txHash: reserved }).catch(() => s.background(letGoLater(reserved!))),
    ]);
    throw error;
  }
  const computeMs = Date.now() - s.started;
  const hash = sent.hash;

  // The input stays committed until the transaction is mined (recorded before the send), so the owner's next solve,
  // which takes the lock after this, cannot overdraw the balance.
  s.background(o.releaseLock());
  // The account's sends: what its reverts are a share of (its gasless budget).
  s.background(recordGaslessSend(redis, { chainId, accountId: s.auth.accountId })
    .catch((error: unknown) => logEvent("error", "gasless send not counted", { eventId: s.event.id, error: errorText(error) })));
  // Postgres gets the event after the answer, under the first attempt's hash (from which every later attempt is
  // linked), and the outbox then lets go of it (if that write fails, the outbox's drain makes it). An event Redis
  // refused was written to Postgres before the send.
  const written = hold.record()
    .catch((error: unknown) => logEvent("error", "solve event not written yet (it waits in the outbox)", { eventId: s.event.id, error: errorText(error) }));
  // Then finalised from its receipt (once Postgres has it); the reporting cron and usage reads finalise it too. The
  // last attempt's receipt is waited for; the mined one of all of them decides (the first may have swapped too).
  s.background(written.then(() => finalizeAfterReceipt({
    client: s.chain.client, redis, chain: s.chain.name, hash: hold.first() ?? hash, sent: hash, eventId: s.event.id, openDb: s.openDb,
    confirmations,
    // swap.executed / swap.failed is written with the outcome: the reporting worker sends it now, not at its next cron run.
    afterSettled: () => usage.deliverWebhooks(),
    // Mined: a revert counts against the owner at once (not only at the confirmation depth), then the slot is free,
    // so the owner's next solve sees both. Unread (undefined): the finaliser counts it when it settles.
    onMined: async (receipt) => {
      try {
        // The receipt's own hash: a replacement the repair sent, or an earlier attempt, when that is what decides.
        if (receipt?.status === "reverted") {
          await recordGaslessRevert({ redis, client: s.chain.client, chainId, hash: receipt.transactionHash, accountId: s.auth.accountId });
        } else if (receipt?.to && isAddressEqual(receipt.to, s.executor)) {
          // The swap itself succeeded (not a replacement that only spent the nonce): the owner is a real user.
          await markGaslessOwnerProven(redis, { chainId, owner: s.user });
        }
      } finally {
        await o.slot?.release();
      }
    },
  })));
  const relayers = parseRelayerAccounts(s.relayerPrivateKeys, s.chain.deployment.relayers);
  s.background(repairRelayerNonces({ redis, client: s.chain.client, chainId, relayers, stuckAfterMs: s.relayerStuckAfterMs, maxFeePerGasCap: feeCap }).catch(() => {}));
  return { quote: formatQuote(s.quote), transaction: { ...s.transaction, txHash: hash }, gaslessEligible: true, computeMs };
}
