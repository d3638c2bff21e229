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

export const unknownBridgeDeposit = () =>
  new SluiceError("NOT_FOUND", "No bridge deposit matches; it may not be indexed yet — retry in a few seconds");

/** The deposit's status, or NOT_FOUND when the bridge protocol does not know it. */
export async function bridgeDepositStatus(across: AcrossClient, query: DepositStatusQuery): Promise<BridgeDeposit> {
  const answer = await across.depositStatus(query);
  if (!answer) throw unknownBridgeDeposit();
  return presentDeposit(answer);
}
