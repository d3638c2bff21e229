import type { Address } from "viem";
import { PERMIT2_ADDRESS } from "../chains/chains.js";
import type { PermitMessage } from "./permitTypes.js";
import { PERMIT_WITNESS_TRANSFER_FROM_TYPES, type SluiceSwapWitness } from "./sluiceSwapWitness.js";

export type PermitWitnessTypedDataParameters = { chainId: number; spender: Address; permit: PermitMessage; witness: SluiceSwapWitness };

/**
 * The typed data of a witness permit: Permit2's domain and its `PermitWitnessTransferFrom` message, whose witness
 * (`SluiceSwap`) binds what the user receives. Ready for viem's `signTypedData` / `recoverTypedDataAddress`; Permit2
 * and the executor hash exactly this (the executor's `WITNESS_TYPE_STRING`).
 */
export function permitWitnessTypedData({ chainId, spender, permit, witness }: PermitWitnessTypedDataParameters) {
  return {
    domain: { name: "Permit2", chainId, verifyingContract: PERMIT2_ADDRESS },
    types: PERMIT_WITNESS_TRANSFER_FROM_TYPES,
    primaryType: "PermitWitnessTransferFrom" as const,
    message: {
      permitted: { token: permit.permitted.token, amount: permit.permitted.amount },
      spender,
      nonce: permit.nonce,
      deadline: permit.deadline,
      witness: { tokenOut: witness.tokenOut, minAmountOut: witness.minAmountOut, recipient: witness.recipient },
    },
  };
}
