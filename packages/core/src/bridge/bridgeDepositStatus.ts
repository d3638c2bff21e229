/**
 * A deposit's status as Sluice reports it (DESIGN §2.12): Across' `slowFillRequested` is still `pending`,
 * `slowFilled` is `filled`; the four states pass through. Across' status lookups can also answer `deposit-pending`
 * (the deposit is not indexed or confirmed yet) and `deposit-failed` (of its deposit-address flows): both are a
 * `pending` hint — `verifyDepositStatus` then reports what the chains show (the origin deposit, a fill, the deadline).
 */
import { SluiceError } from "../errors/SluiceError.js";
import type { AcrossClient, DepositStatusQuery } from "./across/createAcrossClient.js";
import type { AcrossDepositStatus } from "./across/acrossSchemas.js";

export type BridgeDepositStatus = "pending" | "filled" | "expired" | "refunded";

const statusMap: Record<string, BridgeDepositStatus> = {
  pending: "pending", slowFillRequested: "pending", filled: "filled", slowFilled: "filled", expired: "expired", refunded: "refunded",
  "deposit-pending": "pending", "deposit-failed": "pending",
};

export function mapAcrossStatus(status: string): BridgeDepositStatus {
  const mapped = statusMap[status];
  if (!mapped) throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol reported an unknown deposit status '${status}'`);
  return mapped;
}

export type BridgeDeposit = {
  status: BridgeDepositStatus;
  depositId: string;
  depositTxHash: string;
  fillTx: string | null;
  refundTx: string | null;
  originChainId: number | null;
  destinationChainId: number;
};

export function presentDeposit(answer: AcrossDepositStatus): BridgeDeposit {
  return {
    status: mapAcrossStatus(answer.status),
    depositId: answer.depositId ?? "",
    depositTxHash: answer.depositTxnRef ?? answer.depositTxHash ?? "",
    fillTx: answer.fillTxnRef ?? answer.fillTx ?? null,
    refundTx: answer.depositRefundTxnRef ?? answer.depositRefundTxHash ?? null,
    originChainId: answer.originChainId ?? null,
    destinationChainId: answer.destinationChainId ?? 0,
  };
}

/**
 * The hint a deposit Sluice tracks is verified from when the bridge protocol gives none (it does not know the
 * deposit, or its answer was unusable): `pending` on the chains tracking recorded — `verifyDepositStatus` then
 * reports what the chains show, a fill, the deadline or a refund included.
 */
export function pendingDepositHint(tracked: { originTxHash: string; originChainId: number; destinationChainId: number }): BridgeDeposit {
  return {
    status: "pending", depositId: "", depositTxHash: tracked.originTxHash, fillTx: null, refundTx: null,
    originChainId: tracked.originChainId, destinationChainId: tracked.destinationChainId,
  };
}

export const unknownBridgeDeposit = () =>
  new SluiceError("NOT_FOUND", "No bridge deposit matches; it may not be indexed yet — retry in a few seconds");

/**
 * The bridge protocol's answer about the deposit asked about, or NOT_FOUND when it does not know it. The answer is
 * held to the query: a transaction hash, origin chain or deposit id other than the ones asked about is refused as an
 * upstream error (UPSTREAM_ERROR) — verifying and reporting the deposit the protocol named instead would answer a
 * question nobody asked, about a deposit that may be someone else's. The identifiers the query gives are the ones
 * returned, so what is verified next is the deposit the partner asked about.
 */
export async function bridgeDepositStatus(across: AcrossClient, query: DepositStatusQuery): Promise<BridgeDeposit> {
  const answer = await across.depositStatus(query);
  if (!answer) throw unknownBridgeDeposit();
  const deposit = presentDeposit(answer);
  const other = (what: string, named: unknown, asked: unknown) => new SluiceError("UPSTREAM_ERROR",
    `The bridge protocol answered about another deposit (${what} ${String(named)}, asked about ${String(asked)})`, {
      hint: "the protocol's answer was refused; retry shortly, or ask by originChainId and depositId",
    });
  if ("depositTxnRef" in query) {
    if (deposit.depositTxHash !== "" && deposit.depositTxHash.toLowerCase() !== query.depositTxnRef.toLowerCase()) {
      throw other("transaction", deposit.depositTxHash, query.depositTxnRef);
    }
    return { ...deposit, depositTxHash: query.depositTxnRef.toLowerCase() };
  }
  if (deposit.depositId !== "" && deposit.depositId !== query.depositId) throw other("deposit id", deposit.depositId, query.depositId);
  if (deposit.originChainId !== null && deposit.originChainId !== query.originChainId) throw other("origin chain", deposit.originChainId, query.originChainId);
  return { ...deposit, depositId: query.depositId, originChainId: query.originChainId };
}
