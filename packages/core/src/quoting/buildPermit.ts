import { zeroAddress, type Address } from "viem";
import { PERMIT2_ADDRESS } from "../chains/chains.js";
import { PERMIT_WITNESS_TRANSFER_FROM_TYPES } from "../permit/sluiceSwapWitness.js";

/** Seconds a permit offered by a quote stays valid. */
export const PERMIT_VALIDITY_SECONDS = 300;

/**
 * The ready-to-sign witness permit of a quote: Permit2's `PermitWitnessTransferFrom`, whose witness (`SluiceSwap`)
 * binds the output token, the minimum output and the recipient (zero: whoever signs). Integers as decimal strings.
 */
export type PermitTypedData = {
  domain: { name: "Permit2"; chainId: number; verifyingContract: Address };
  types: typeof PERMIT_WITNESS_TRANSFER_FROM_TYPES;
  primaryType: "PermitWitnessTransferFrom";
  message: {
    permitted: { token: Address; amount: string };
    spender: Address;
    nonce: string;
    deadline: string;
    witness: { tokenOut: Address; minAmountOut: string; recipient: Address };
  };
};

export type BuildPermitParameters = {
  chainId: number;
  token: Address;
  amount: bigint;
  spender: Address;
  nowSeconds: number;
  nonce?: bigint;
  tokenOut: Address;
  minAmountOut: bigint;
  /** Who receives the output; default the zero address, which the executor reads as the permit's signer. */
  recipient?: Address;
};

/**
 * A fresh unordered Permit2 nonce: 256 random bits, so its bitmap word (`nonce >> 8`) is a random 248-bit index that
 * no earlier permit of the owner can have used (the chance of a collision is negligible; no chain read is needed).
 */
export function freshPermitNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let nonce = 0n;
  for (const b of bytes) nonce = (nonce << 8n) | BigInt(b);
  return nonce;
}

/** The ready-to-sign typed data of a swap: the user signs it with `eth_signTypedData_v4`. */
export function buildPermit(p: BuildPermitParameters): PermitTypedData {
  return {
    domain: { name: "Permit2", chainId: p.chainId, verifyingContract: PERMIT2_ADDRESS },
    types: PERMIT_WITNESS_TRANSFER_FROM_TYPES,
    primaryType: "PermitWitnessTransferFrom",
    message: {
      permitted: { token: p.token, amount: p.amount.toString() },
      spender: p.spender,
      nonce: (p.nonce ?? freshPermitNonce()).toString(),
      deadline: String(Math.floor(p.nowSeconds) + PERMIT_VALIDITY_SECONDS),
      witness: { tokenOut: p.tokenOut, minAmountOut: p.minAmountOut.toString(), recipient: p.recipient ?? zeroAddress },
    },
  };
}
