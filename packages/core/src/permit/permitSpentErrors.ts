import { getAddress, type Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * PERMIT_INVALID: (owner, nonce) is already claimed by another solve's send (`claimPermitForSend`). Carries that
 * solve's id (`holder`, when it could be read), so the refusal of a retried solve can name the transaction the first
 * one sent (`nameEarlierSend`).
 */
export class PermitBeingSpentError extends SluiceError {
  constructor(readonly owner: Address, readonly nonce: bigint, readonly holder: string | undefined) {
    super("PERMIT_INVALID", `Permit nonce ${nonce} of ${owner} is already being spent by another solve`, {
      hint: "sign a new permit with an unused nonce",
    });
  }
}

/** PERMIT_INVALID: Permit2's bitmap shows (owner, nonce) used (`verifyPermit`): a transaction spending it was mined. */
export class PermitNonceUsedError extends SluiceError {
  constructor(readonly owner: Address, readonly nonce: bigint) {
    super("PERMIT_INVALID", `Permit nonce ${nonce} was already used by ${getAddress(owner)}`, { hint: "sign a new permit with an unused nonce" });
  }
}
