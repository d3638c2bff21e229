import type { Address } from "viem";
import { PERMIT2_ADDRESS } from "../chains/chains.js";
import type { PermitMessage } from "./permitTypes.js";

/** EIP-712 types of Permit2's `permitTransferFrom` (SignatureTransfer). */
export const PERMIT_TRANSFER_FROM_TYPES = {
  PermitTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
} as const;

/**
 * The typed data a user signs so that `spender` (Sluice's executor on `chainId`) may pull the permitted tokens
 * once: Permit2's domain (`name: "Permit2"`, the chain id, the canonical Permit2 address) and its
 * `PermitTransferFrom` message. Ready for viem's `signTypedData` / `recoverTypedDataAddress`.
 */
export function permitTypedData({ chainId, spender, permit }: { chainId: number; spender: Address; permit: PermitMessage }) {
  return {
    domain: { name: "Permit2", chainId, verifyingContract: PERMIT2_ADDRESS },
    types: PERMIT_TRANSFER_FROM_TYPES,
    primaryType: "PermitTransferFrom" as const,
    message: {
      permitted: { token: permit.permitted.token, amount: permit.permitted.amount },
      spender,
      nonce: permit.nonce,
      deadline: permit.deadline,
    },
  };
}
