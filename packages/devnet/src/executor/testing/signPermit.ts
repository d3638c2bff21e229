/**
 * Signs a Permit2 `PermitTransferFrom` exactly as a wallet would: the standard Permit2 domain and types (core's
 * `permitTypedData`), with the executor as spender.
 */
import type { Account, Address, Chain, Hex, Transport, WalletClient } from "viem";
import { permitTypedData, type SignedPermit } from "@sluice/core";

export async function signPermit(
  owner: WalletClient<Transport, Chain, Account>,
  permit: SignedPermit,
  spender: Address,
): Promise<Hex> {
  return owner.signTypedData(permitTypedData({ chainId: owner.chain.id, spender, permit }));
}

/** A fresh unordered nonce: Permit2 accepts any unused one. */
export function randomNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
}
