import type { Address, Hex, LocalAccount } from "viem";
import type { PermitTypedData, SolvePermit, SolveWitness } from "./types.js";
import type { SluiceWalletClient } from "./wallet.js";

/**
 * Signs the Permit2 permit of a /route answer with the user's wallet (EIP-712 `eth_signTypedData_v4`: a
 * `PermitWitnessTransferFrom` whose witness binds what the user receives) and returns what /solve takes: the permit
 * without the spender, its witness exactly as signed, and the 65-byte signature. Integers travel as decimal strings.
 */
export async function signRoutePermit(
  signer: SluiceWalletClient | LocalAccount, permit: PermitTypedData,
): Promise<{ permit: SolvePermit; signature: Hex; witness: SolveWitness }> {
  const { EIP712Domain: _domain, ...types } = permit.types;
  const { permitted, spender, nonce, deadline, witness } = permit.message;
  const message = {
    permitted: { token: permitted.token as Address, amount: BigInt(permitted.amount) },
    spender: spender as Address,
    nonce: BigInt(nonce),
    deadline: BigInt(deadline),
    witness: { tokenOut: witness.tokenOut as Address, minAmountOut: BigInt(witness.minAmountOut), recipient: witness.recipient as Address },
  };
  const typedData = {
    domain: { name: permit.domain.name, chainId: Number(permit.domain.chainId), verifyingContract: permit.domain.verifyingContract as Address },
    types, primaryType: permit.primaryType, message,
  };
  const signature = signer.type === "local"
    ? await (signer as LocalAccount).signTypedData(typedData as never)
    : await (signer as SluiceWalletClient).signTypedData({ ...typedData, account: (signer as SluiceWalletClient).account } as never);
  return {
    permit: { permitted: { token: permitted.token, amount: String(permitted.amount) }, nonce: String(nonce), deadline: String(deadline) },
    signature,
    witness: { tokenOut: witness.tokenOut, minAmountOut: String(witness.minAmountOut), recipient: witness.recipient },
  };
}
