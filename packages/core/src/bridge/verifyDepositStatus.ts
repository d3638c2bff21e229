/**
 * A deposit's status as the chains show it; the bridge protocol's answer is a hint. The deposit is what the origin
 * chain recorded (`readOriginDeposit`: the `FundsDeposited` event, with every term of the relay; a tracked deposit is
 * taken by its recorded terms, not by its deposit id, which a reorganisation re-including the transaction can change);
 * nothing but `pending` is answered until that deposit is at the origin's confirmation depth (a relayer can fill a
 * deposit a reorganisation then drops: `filled` would count volume for funds that never left). The destination
 * decides through its SpokePool's fill state of that exact relay (`relayHashOf`: a `FilledRelay` anyone emits with the
 * deposit's id and depositor but other terms is another relay), read at the destination's confirmation depth
 * (`readFillState`). So: `filled` when the destination shows this relay filled, whatever the hint (the hinted fill
 * transaction is reported only when it is this relay's fill, else the one the destination's logs show:
 * `findFillTransaction`; until one is known the answer stays `pending`, since `filled` names its fill); else `expired` once the destination's clock is past the
 * fill deadline (no fill can happen after it), whatever the hint; `refunded` when, besides, the origin shows this
 * deposit's refund: the hinted transaction if it is one (`provesRefund`), else one found in the origin's own logs
 * (`findRefundTransaction`), whatever the hint; else `pending`. Disagreements are logged. A deposit the
 * origin chain does not show is NOT_FOUND. A fill that paid terms the depositor updated after the deposit (a signed
 * speed-up: another recipient, output or message; the SpokePool records it under the deposit's own relay hash) is
 * `filled`, as the chain shows, and flagged `fillUpdated`: it did not pay what Sluice quoted, so it counts no volume.
 */
import { isHash, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { unknownBridgeDeposit, type BridgeDeposit } from "./bridgeDepositStatus.js";
import { findFillTransaction } from "./findFillTransaction.js";
import { findRefundTransaction } from "./findRefundTransaction.js";
import { provesFill } from "./provesFill.js";
import { provesRefund } from "./provesRefund.js";
import { FILL_STATUS_FILLED, readFillState } from "./readFillState.js";
import { readOriginDeposit, type TrackedDepositTerms } from "./readOriginDeposit.js";
import { relayHashOf } from "./relayHashOf.js";
import { logEvent } from "../observability/logEvent.js";
import { errorText } from "../observability/errorText.js";

export { filledRelayAbi } from "./provesFill.js";

export type VerifyDepositStatusParameters = {
  hint: BridgeDeposit;
  originChainId: number;
  /** A client of a chain, by id (throws when this deployment cannot reach it). */
  clientFor: (chainId: number) => PublicClient;
  /**
   * Blocks (the transaction's own included) a chain needs on top of a fill or refund before it counts: the chain's
   * `confirmations` setting as this deployment resolves it (`chainSettings`; a request chain's `settings`, or
   * `confirmationsLookup`). Without it, 1: counted as soon as mined.
   */
  confirmationsFor?: (chainId: number) => number;
  /**
   * A tracked deposit's recorded terms (its settlement row): the deposit is the transaction's deposit of these terms,
   * whatever deposit id the hint or the row names (a reorganisation can have changed it); the answer's `depositId` is
   * the one the chain shows now.
   */
  tracked?: TrackedDepositTerms;
  /**
   * The caller named only the deposit transaction (`readOriginDeposit`'s `byTransaction`): in a transaction holding
   * several deposits the hint's deposit id does not choose; the request is refused, naming them.
   */
  byTransaction?: boolean;
  /**
   * Log-query pages a search for a fill or a refund the hint did not name may read (`findFillTransaction`,
   * `findRefundTransaction`). Default: theirs (up to 100 and 50 pages: the reconcile cron, which backs off). A
   * partner's status request, which anyone with a key can repeat, passes a few: past them it answers what the hint
   * and the chain showed so far (`pending` for a fill not found yet, `expired` for a refund), and the cron searches on.
   */
  maxSearchPages?: number;
  /** Where disagreements between the hint and the chains are reported. */
  log?: (message: string) => void;
};

export type VerifyDepositStatusReturnType = BridgeDeposit & {
  /**
   * A `filled` deposit whose fill paid out terms its depositor updated after the deposit (a signed speed-up: another
   * recipient, output or message), not the ones Sluice quoted and validated: filled, as the chain shows, but no volume
   * (the app fee its message paid may not have been paid). Never in a partner's answer.
   */
  fillUpdated?: boolean;
  /**
   * An `expired` deposit whose whole refund search window (`findRefundTransaction`: its pages from the deadline's block)
   * is confirmed and holds no refund of it: searching again finds nothing new; only the protocol naming the refund
   * transaction can still prove one. Never in a partner's answer.
   */
  refundSearchExhausted?: boolean;
};

export async function verifyDepositStatus(params: VerifyDepositStatusParameters): Promise<VerifyDepositStatusReturnType> {
  const { hint, originChainId, clientFor } = params;
  const log = params.log ?? ((message: string) => logEvent("warn", "bridge status", { detail: message }));
  const confirmationsFor = params.confirmationsFor ?? (() => 1);
  const origin = chainById(originChainId);
  if (!origin || !isHash(hint.depositTxHash) || !/^(\d{1,78})?$/.test(hint.depositId)) throw unknownBridgeDeposit();
  const originClient = clientFor(originChainId);
  const deposit = await readOriginDeposit({
    client: originClient, originChainId, spokePool: origin.spokePool, depositTxHash: hint.depositTxHash,
    depositId: hint.depositId === "" ? undefined : BigInt(hint.depositId), tracked: params.tracked,
    byTransaction: params.byTransaction,
  });
  if (!deposit) {
    log(`bridge status: the protocol reports deposit ${originChainId}:${hint.depositId} in ${hint.depositTxHash}, which the origin chain does not show`);
    throw unknownBridgeDeposit();
  }
  // The destination is the one the origin chain recorded, whatever the hint says.
  const { relayData, destinationChainId } = deposit;
  const destination = chainById(destinationChainId);
  if (!destination) throw new SluiceError("UNSUPPORTED_CHAIN", `Deposits to chain ${destinationChainId} cannot be verified on this deployment`);
  const id = `${originChainId}:${relayData.depositId}`;
  const shown = (status: BridgeDeposit["status"], tx: string | null = null): BridgeDeposit => ({
    ...hint, status, depositId: relayData.depositId.toString(), destinationChainId, originChainId,
    fillTx: status === "filled" ? tx : null, refundTx: status === "refunded" ? tx : null,
  });
  const disagree = (what: string) => log(`bridge status: the protocol reports ${hint.status} for ${id} but ${what}`);
  const originDepth = BigInt(Math.max(confirmationsFor(originChainId), 1));
  if (deposit.depth < originDepth) {
    // Whatever the destination shows, a deposit the origin can still drop (or re-number) settles nothing yet.
    if (hint.status !== "pending") disagree(`the deposit is ${deposit.depth} of ${originDepth} blocks deep on the origin`);
    return shown("pending");
  }

  const destinationClient = clientFor(destinationChainId);
  const relayHash = relayHashOf({ relayData, destinationChainId });
  const state = await readFillState({
    client: destinationClient, chainId: destinationChainId, spokePool: destination.spokePool, relayHash, confirmations: confirmationsFor(destinationChainId),
  });
  if (state?.fillStatus === FILL_STATUS_FILLED) {
    const hinted = hint.fillTx && isHash(hint.fillTx)
      ? await provesFill({ client: destinationClient, spokePool: destination.spokePool, fillTx: hint.fillTx, relayData, confirmedBlock: state.blockNumber })
      : undefined;
    if (hint.status !== "filled") disagree("the destination shows it filled");
    else if (!hinted) disagree(`${hint.fillTx ?? "(no transaction)"} is not this deposit's fill`);
    // Not named, or misnamed: the destination's own fill transaction. `filled` always names it (interface §3): until
    // it is found, the answer stays `pending` (the next poll, or the next reconcile run, finds it).
    const fill = hinted ?? await originClient.getBlock({ blockNumber: deposit.blockNumber }).then(({ timestamp }) => findFillTransaction({
      client: destinationClient, spokePool: destination.spokePool, relayData, confirmedBlock: state.blockNumber, depositTimestamp: timestamp,
      maxPages: params.maxSearchPages,
    })).catch((error: unknown) => { log(`bridge status: the fill of ${id} could not be looked up: ${errorText(error)}`); return undefined; });
    if (!fill) {
      log(`bridge status: the destination shows ${id} filled, but no fill transaction of it was found yet`);
      return shown("pending");
    }
    if (fill.updated) {
      log(`bridge status: ${id} was filled by ${fill.fillTx} with terms its depositor updated after the deposit (recipient, output or message): not the quoted payout, no volume`);
      return { ...shown("filled", fill.fillTx), fillUpdated: true };
    }
    return shown("filled", fill.fillTx);
  }
  if (hint.status === "filled") disagree("the destination shows it not filled at its confirmation depth");
  if (!state || state.timestamp <= BigInt(relayData.fillDeadline)) {
    if (hint.status === "expired" || hint.status === "refunded") disagree(`its fill deadline ${relayData.fillDeadline} has not passed on the destination`);
    return shown("pending");
  }
  const refundOf = { client: originClient, spokePool: origin.spokePool, relayData, depositBlock: deposit.blockNumber, confirmations: confirmationsFor(originChainId) };
  if (hint.refundTx && isHash(hint.refundTx) && await provesRefund({ ...refundOf, refundTx: hint.refundTx })) {
    if (hint.status !== "refunded") disagree(`${hint.refundTx} is its refund`);
    return shown("refunded", hint.refundTx);
  }
  // No refund named, or not this deposit's: the origin's own logs. A hint that keeps answering `expired` must not
  // keep a refunded deposit from being `refunded` (and its partner from the `refunded` event).
  const { refundTx, windowSearched } = await findRefundTransaction({ ...refundOf, maxPages: params.maxSearchPages });
  if (refundTx) {
    if (hint.status !== "refunded" || hint.refundTx) disagree(`the origin shows its refund in ${refundTx}`);
    return shown("refunded", refundTx);
  }
  if (hint.status === "refunded") disagree(`the origin shows no refund of it in ${hint.refundTx ?? "(no transaction)"}`);
  return windowSearched ? { ...shown("expired"), refundSearchExhausted: true } : shown("expired");
}
