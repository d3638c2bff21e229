import { getAddress, type Hex } from "viem";
import type { BridgeSettlement } from "../db/schema/bridge.js";
import type { TrackedDepositTerms } from "./readOriginDeposit.js";

/**
 * A settlement's deposit terms as tracking recorded them from the origin's event: what identifies the deposit in its
 * transaction (`readOriginDeposit`'s `tracked`), whatever deposit id a reorganisation or the protocol's answer names.
 */
export function trackedDepositTerms(s: Pick<BridgeSettlement,
  "depositor" | "recipient" | "inputToken" | "outputToken" | "amountInRaw" | "expectedOutRaw" | "destinationChainId" | "depositId"
  | "depositFingerprint">): TrackedDepositTerms {
  return {
    depositor: getAddress(s.depositor), recipient: getAddress(s.recipient), inputToken: getAddress(s.inputToken), outputToken: getAddress(s.outputToken),
    inputAmount: BigInt(s.amountInRaw), outputAmount: BigInt(s.expectedOutRaw), destinationChainId: s.destinationChainId,
    depositId: s.depositId === null ? undefined : BigInt(s.depositId),
    ...(s.depositFingerprint ? { fingerprint: s.depositFingerprint as Hex } : {}),
  };
}
