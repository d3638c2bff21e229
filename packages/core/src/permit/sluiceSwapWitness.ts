import type { Address } from "viem";

/**
 * What a user signs beside the input with a witness permit (the executor's `SluiceSwap` struct): the output token,
 * the minimum output and the recipient (the zero address means the permit's owner). The executor enforces all three.
 */
export type SluiceSwapWitness = { tokenOut: Address; minAmountOut: bigint; recipient: Address };

/** EIP-712 types of Permit2's `permitWitnessTransferFrom` with Sluice's witness. */
export const PERMIT_WITNESS_TRANSFER_FROM_TYPES = {
  PermitWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "SluiceSwap" },
  ],
  SluiceSwap: [
    { name: "tokenOut", type: "address" },
    { name: "minAmountOut", type: "uint256" },
    { name: "recipient", type: "address" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
} as const;
