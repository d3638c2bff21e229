import type { Hex, LocalAccount, WalletClient } from "viem";
import type { RoutePermit, SolvePermit, SolveWitness } from "./clientTypes.js";

export type PermitSigner = LocalAccount | WalletClient;

/**
 * Signs the Permit2 permit of a /route answer (EIP-712, the user's wallet: a `PermitWitnessTransferFrom` whose witness
 * binds what the user receives) and returns what /solve takes: the permit without the spender, its witness exactly as
 * signed, and the 65-byte signature. Integers travel as decimal strings.
 */
export async function signRoutePermit(
  signer: PermitSigner, permit: RoutePermit,
): Promise<{ permit: SolvePermit; signature: Hex; witness?: SolveWitness }> {
  const { EIP712Domain: _domain, ...types } = permit.types;
  const message = {
    permitted: { token: permit.message.permitted.token, amount: BigInt(permit.message.permitted.amount) },
    spender: permit.message.spender,
    nonce: BigInt(permit.message.nonce),
    deadline: BigInt(permit.message.deadline),
    ...(permit.message.witness ? {
      witness: { ...permit.message.witness, minAmountOut: BigInt(permit.message.witness.minAmountOut) },
    } : {}),
  };
  const typedData = {
    domain: { ...permit.domain, chainId: Number(permit.domain.chainId) },
    types, primaryType: permit.primaryType, message,
  } as const;
  const signature = signer.type === "local"
    ? await (signer as LocalAccount).signTypedData(typedData as never)
    : await (signer as WalletClient).signTypedData({ ...(typedData as object), account: (signer as WalletClient).account! } as never);
  return {
    permit: {
      permitted: { token: message.permitted.token, amount: String(message.permitted.amount) },
      nonce: String(message.nonce),
      deadline: String(message.deadline),
    },
    signature,
    ...(permit.message.witness ? { witness: permit.message.witness } : {}),
  };
}
