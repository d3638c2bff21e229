/**
 * A deposit's status as the chains show it; the bridge protocol's answer is a hint. The deposit is what the origin
 * chain recorded (`readOriginDeposit`: the `FundsDeposited` event, with every term of the relay); the destination
 * decides through its SpokePool's fill state of that exact relay (`relayHashOf`: a `FilledRelay` anyone emits with the
 * deposit's id and depositor but other terms is another relay), read at the destination's confirmation depth
 * (`readFillState`). So: `filled` when the destination shows this relay filled, whatever the hint (the hinted fill
 * transaction is reported only when it is this relay's fill, else the one the destination's logs show:
 * `findFillTransaction`; until one is known the answer stays `pending`, since `filled` names its fill); else `expired` once the destination's clock is past the
 * fill deadline (no fill can happen after it), whatever the hint; `refunded` when, besides, the hinted origin
 * transaction is this deposit's refund (`provesRefund`); else `pending`. Disagreements are logged. A deposit the
 * origin chain does not show is NOT_FOUND.
 */
import { isHash, type Hash, type PublicClient } from "viem";
import { chainById } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { unknownBridgeDeposit, type BridgeDeposit } from "./bridgeDepositStatus.js";
import { findFillTransaction } from "./findFillTransaction.js";
import { provesFill } from "./provesFill.js";
import { provesRefund } from "./provesRefund.js";
import { FILL_STATUS_FILLED, readFillState } from "./readFillState.js";
import { readOriginDeposit } from "./readOriginDeposit.js";
import { relayHashOf } from "./relayHashOf.js";

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
  /** Where disagreements between the hint and the chains are reported. */
  log?: (message: string) => void;
};

export type VerifyDepositStatusReturnType = BridgeDeposit;

export async function verifyDepositStatus(params: VerifyDepositStatusParameters): Promise<VerifyDepositStatusReturnType> {
  const { hint, originChainId, clientFor } = params;
  const log = params.log ?? ((message: string) => console.warn(message));
  const confirmationsFor = params.confirmationsFor ?? (() => 1);
  const origin = chainById(originChainId);
  if (!origin || !isHash(hint.depositTxHash) || !/^(\d{1,78})?$/.test(hint.depositId)) throw unknownBridgeDeposit();
  const originClient = clientFor(originChainId);
  const deposit = await readOriginDeposit({
    client: originClient, originChainId, spokePool: origin.spokePool, depositTxHash: hint.depositTxHash,
    depositId: hint.depositId === "" ? undefined : BigInt(hint.depositId),
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

  const destinationClient = clientFor(destinationChainId);
  const relayHash = relayHashOf({ relayData, destinationChainId });
  const state = await readFillState({
    client: destinationClient, chainId: destinationChainId, spokePool: destination.spokePool, relayHash, confirmations: confirmationsFor(destinationChainId),
  });
  if (state?.fillStatus === FILL_STATUS_FILLED) {
    const hinted = hint.fillTx && isHash(hint.fillTx)
      && await provesFill({ client: destinationClient, spokePool: destination.spokePool, fillTx: hint.fillTx, relayData, confirmedBlock: state.blockNumber })
      ? hint.fillTx : undefined;
    if (hint.status !== "filled") disagree("the destination shows it filled");
    else if (!hinted) disagree(`${hint.fillTx ?? "(no transaction)"} is not this deposit's fill`);
    // Not named, or misnamed: the destination's own fill transaction. `filled` always names it (interface §3): until
    // it is found, the answer stays `pending` (the next poll, or the next reconcile run, finds it).
    const fillTx = hinted ?? await findFillTransaction({
      client: destinationClient, spokePool: destination.spokePool, relayData, confirmedBlock: state.blockNumber,
    }).catch((error: unknown) => { log(`bridge status: the fill of ${id} could not be looked up: ${String(error)}`); return undefined; });
    if (!fillTx) {
      log(`bridge status: the destination shows ${id} filled, but no fill transaction of it was found yet`);
      return shown("pending");
    }
    return shown("filled", fillTx);
  }
  if (hint.status === "filled") disagree("the destination shows it not filled at its confirmation depth");
  if (!state || state.timestamp <= BigInt(relayData.fillDeadline)) {
    if (hint.status === "expired" || hint.status === "refunded") disagree(`its fill deadline ${relayData.fillDeadline} has not passed on the destination`);
    return shown("pending");
  }
  if (hint.status === "refunded") {
    const refunded = hint.refundTx && isHash(hint.refundTx) && await provesRefund({
      client: originClient, spokePool: origin.spokePool, refundTx: hint.refundTx as Hash, relayData, depositBlock: deposit.blockNumber,
      confirmations: confirmationsFor(originChainId),
    });
    if (refunded) return shown("refunded", hint.refundTx);
    disagree(`the origin shows no refund of it in ${hint.refundTx ?? "(no transaction)"}`);
  }
  return shown("expired");
}
