import type { Hex, LocalAccount } from "viem";
import type { SolvePermit, SolveWitness } from "./types.js";
import { verifyRoutePermit, type RoutePermitExpectation } from "./verifyRoutePermit.js";
import type { SluiceWalletClient } from "./wallet.js";

/** What the signer expects the permit to say: {@link RoutePermitExpectation} but the user, who is the signer. */
export type SignRoutePermitExpectation = Omit<RoutePermitExpectation, "user">;

/**
 * Signs the Permit2 permit of a /route answer with the user's wallet (EIP-712 `eth_signTypedData_v4`: a
 * `PermitWitnessTransferFrom` whose witness binds what the user receives) once {@link verifyRoutePermit} found it to
 * be exactly what `expected` asks for, and returns what /solve takes: the permit without the spender, its witness
 * exactly as signed, and the 65-byte signature. A permit that differs throws `SluiceVerificationError`, unsigned.
 */
export async function signRoutePermit(
  signer: SluiceWalletClient | LocalAccount, permit: unknown, expected: SignRoutePermitExpectation,
): Promise<{ permit: SolvePermit; signature: Hex; witness: SolveWitness }> {
  const local = signer.type === "local";
  const user = local ? (signer as LocalAccount).address : (signer as SluiceWalletClient).account.address;
  const verified = verifyRoutePermit(permit, { ...expected, user });
  const signature = local
    ? await (signer as LocalAccount).signTypedData(verified.typedData)
    : await (signer as SluiceWalletClient).signTypedData({ ...verified.typedData, account: (signer as SluiceWalletClient).account });
  return { permit: verified.permit, signature, witness: verified.witness };
}
