/**
 * Signs a Permit2 `PermitTransferFrom` exactly as a wallet would: the standard Permit2 domain and types,
 * with the executor as spender.
 */
import type { Account, Address, Chain, Hex, Transport, WalletClient } from "viem";
import { PERMIT2_ADDRESS, type SignedPermit } from "@sluice/core";

const permitTransferFromTypes = {
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

export async function signPermit(
  owner: WalletClient<Transport, Chain, Account>,
  permit: SignedPermit,
  spender: Address,
): Promise<Hex> {
  return owner.signTypedData({
    domain: { name: "Permit2", chainId: owner.chain.id, verifyingContract: PERMIT2_ADDRESS },
    types: permitTransferFromTypes,
    primaryType: "PermitTransferFrom",
    message: { ...permit, spender },
  });
}

/** A fresh unordered nonce: Permit2 accepts any unused one. */
export function randomNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
}
