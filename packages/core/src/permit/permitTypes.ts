import type { Address, Hex } from "viem";
import type { SignedPermit } from "../executor/encodeExecutorSwap.js";
import type { SluiceSwapWitness } from "./sluiceSwapWitness.js";

/**
 * A Permit2 `PermitTransferFrom` as the user signed it, minus the spender (always the chain's executor).
 * Raw integers as bigint: the same message the executor call carries.
 */
export type PermitMessage = SignedPermit;

/** What a solve asks the permit to pay for: `user` swaps `amountRaw` of `tokenIn` on `chainId`. */
export type PermitExpectation = {
  chainId: number;
  /** The chain's executor: the spender the signature must name. */
  spender: Address;
  user: Address;
  tokenIn: Address;
  amountRaw: bigint;
};

export type SignedPermitRequest = PermitExpectation & {
  permit: PermitMessage;
  signature: Hex;
  /** A witness permit's signed `SluiceSwap`; absent: a plain permit. */
  witness?: SluiceSwapWitness;
};

/** The on-chain facts a permit depends on, read in one Multicall3 call. */
export type PermitChainState = {
  /** The latest block's timestamp (Permit2 compares the deadline to it). */
  chainTime: bigint;
  nonceUsed: boolean;
  balance: bigint;
  /** The user's ERC-20 allowance to Permit2 (the one-time approval). */
  permit2Allowance: bigint;
};
