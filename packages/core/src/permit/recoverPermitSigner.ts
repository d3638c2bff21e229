import { recoverTypedDataAddress, size, type Address, type Hex } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { permitTypedData } from "./permitTypedData.js";
import type { PermitMessage } from "./permitTypes.js";
import { permitWitnessTypedData } from "./permitWitnessTypedData.js";
import type { SluiceSwapWitness } from "./sluiceSwapWitness.js";

export type RecoverPermitSignerParameters = {
  chainId: number;
  spender: Address;
  permit: PermitMessage;
  signature: Hex;
  /** A witness permit's `SluiceSwap`; absent: a plain `PermitTransferFrom`. */
  witness?: SluiceSwapWitness;
};

/**
 * The address that signed `permit` (with its `witness`, if any) for `spender` on `chainId`. Requires a 65-byte signature (r, s, v): the
 * interface's format. Permit2 itself would also take 64-byte EIP-2098 and high-s forms of the same signature,
 * which is why replays are detected on (owner, nonce), never on the signature bytes.
 */
export async function recoverPermitSigner(
  { chainId, spender, permit, signature, witness }: RecoverPermitSignerParameters,
): Promise<Address> {
  if (!/^0x[0-9a-fA-F]*$/.test(signature) || signature.length % 2 !== 0) {
    throw new SluiceError("PERMIT_INVALID", "Permit signature is not hex", { hint: "send the 65-byte signature as 0x-prefixed hex" });
  }
  const bytes = size(signature);
  if (bytes !== 65) {
    throw new SluiceError("PERMIT_INVALID", `Permit signature must be 65 bytes (r, s, v); got ${bytes}`, {
      hint: "send the signature exactly as eth_signTypedData_v4 returns it",
    });
  }
  try {
    return witness
      ? await recoverTypedDataAddress({ ...permitWitnessTypedData({ chainId, spender, permit, witness }), signature })
      : await recoverTypedDataAddress({ ...permitTypedData({ chainId, spender, permit }), signature });
  } catch (cause) {
    throw new SluiceError("PERMIT_INVALID", "Permit signature is not a valid secp256k1 signature", { cause });
  }
}
