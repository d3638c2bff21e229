import { formatUnits, getAddress, isAddressEqual, type Address, type PublicClient } from "viem";
import { chainIds, PERMIT2_ADDRESS } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { PermitNonceUsedError } from "./permitSpentErrors.js";
import { PERMIT_MAX_LIFETIME_SECONDS } from "./claimPermitOwnership.js";
import { readPermitChainState } from "./readPermitChainState.js";
import { recoverPermitSigner } from "./recoverPermitSigner.js";
import type { PermitChainState, SignedPermitRequest } from "./permitTypes.js";

/**
 * A permit must stay valid this long past the chain's latest block: the relayer's transaction is mined in a later
 * block, and Permit2 reverts it once `block.timestamp` passes the deadline, the relayer paying the gas. Several blocks
 * on every chain Sluice serves (Ethereum's are 12 s); /route's permits run 300 s.
 */
export const PERMIT_DEADLINE_MARGIN_SECONDS = 30n;

export type VerifyPermitParameters = SignedPermitRequest & {
  client: PublicClient;
  /** For messages only: the input token's symbol and decimals. */
  tokenSymbol?: string;
  tokenDecimals?: number;
  /** Input already committed by this owner's solves still in flight (`readPendingSpend`); not spendable again. */
  pendingSpend?: bigint;
  /** The signer, already being recovered (`recoverPermitSigner` of the same permit); default: recovered here. */
  signer?: Promise<Address>;
  /**
   * The chain state, already being read (`readPermitChainState` of this owner, the permit's token and nonce, after the
   * pending spend was read); awaited only after the pure checks passed. Default: read here.
   */
  state?: Promise<PermitChainState>;
};

/**
 * Every check a permit must pass before Sluice spends gas on it, each failure its own PERMIT_INVALID message:
 * the signature is 65 bytes and recovers to `user` under Permit2's domain on this chain with this chain's
 * executor as spender; it permits the input token and exactly the input amount; its deadline is at least
 * `PERMIT_DEADLINE_MARGIN_SECONDS` past the chain's latest block (the transaction must be mined before it) and at most
 * `PERMIT_MAX_LIFETIME_SECONDS` (its claims outlive it); its nonce is unused in Permit2's bitmap; the user holds the amount (beyond what solves in flight already
 * committed) and has approved Permit2 for it.
 * Pure checks run first, then one Multicall3 read. Returns the chain state it read.
 */
export async function verifyPermit(params: VerifyPermitParameters): Promise<PermitChainState> {
  const { chainId, spender, user, tokenIn, amountRaw, permit, signature, client } = params;
  const symbol = params.tokenSymbol ?? getAddress(tokenIn);
  const show = (raw: bigint) => params.tokenDecimals === undefined ? `${raw} (raw)` : `${formatUnits(raw, params.tokenDecimals)} ${symbol}`;

  const signer = await (params.signer ?? recoverPermitSigner({ chainId, spender, permit, signature, witness: params.witness }));
  if (!isAddressEqual(signer, user)) {
    const otherChain = await signedForOtherChain(params);
    throw new SluiceError("PERMIT_INVALID", otherChain !== undefined
      ? `Permit was signed for chain id ${otherChain}, not chain id ${chainId}`
      : `Permit signature does not recover to user ${getAddress(user)}: it was signed by another wallet, for another chain, or for another spender than this chain's executor ${getAddress(spender)}`,
    { hint: "sign the permit returned by /route for this chain (its spender is the executor)" });
  }
  if (!isAddressEqual(permit.permitted.token, tokenIn)) {
    throw new SluiceError("PERMIT_INVALID", `Permit token ${getAddress(permit.permitted.token)} is not the input token ${getAddress(tokenIn)}`);
  }
  if (permit.permitted.amount < amountRaw) {
    throw new SluiceError("PERMIT_INVALID", `Permit amount ${permit.permitted.amount} does not cover the input amount ${amountRaw} (raw)`);
  }
  if (permit.permitted.amount > amountRaw) {
    throw new SluiceError("PERMIT_INVALID", `Permit amount ${permit.permitted.amount} exceeds the input amount ${amountRaw} (raw): the executor spends exactly the signed amount, so sign for exactly the input`);
  }

  const state = await (params.state ?? readPermitChainState(client, { owner: user, token: tokenIn, nonce: permit.nonce }));
  if (permit.deadline <= state.chainTime) {
    throw new SluiceError("PERMIT_INVALID", `Permit deadline ${permit.deadline} has passed (chain time ${state.chainTime})`, {
      hint: "sign a new permit with a later deadline",
    });
  }
  if (permit.deadline < state.chainTime + PERMIT_DEADLINE_MARGIN_SECONDS) {
    throw new SluiceError("PERMIT_INVALID",
      `Permit deadline ${permit.deadline} is ${permit.deadline - state.chainTime} s after chain time ${state.chainTime}: the transaction could not be mined in time, Sluice needs at least ${PERMIT_DEADLINE_MARGIN_SECONDS} s`,
      { hint: "sign a new permit with a later deadline (the permit /route returns is valid for 300 s)" });
  }
  if (permit.deadline > state.chainTime + BigInt(PERMIT_MAX_LIFETIME_SECONDS)) {
    throw new SluiceError("PERMIT_INVALID",
      `Permit deadline ${permit.deadline} is ${permit.deadline - state.chainTime} s after chain time ${state.chainTime}: Sluice accepts permits valid for at most ${PERMIT_MAX_LIFETIME_SECONDS} s (30 days)`,
      { hint: "sign a new permit with an earlier deadline (the permit /route returns is valid for 300 s)" });
  }
  if (state.nonceUsed) throw new PermitNonceUsedError(user, permit.nonce);
  const pending = params.pendingSpend ?? 0n;
  if (state.balance < amountRaw + pending) {
    throw new SluiceError("PERMIT_INVALID", pending > 0n
      ? `Insufficient balance: ${getAddress(user)} holds ${show(state.balance)}, of which ${show(pending)} is committed to swaps still in flight; the swap needs ${show(amountRaw)}`
      : `Insufficient balance: ${getAddress(user)} holds ${show(state.balance)}, the swap needs ${show(amountRaw)}`);
  }
  if (state.permit2Allowance === 0n) {
    throw new SluiceError("PERMIT_INVALID", `Permit2 is not approved for ${symbol}: ${getAddress(user)} must first approve Permit2 (${PERMIT2_ADDRESS}) to spend ${symbol} — a one-time transaction, approve(${PERMIT2_ADDRESS}, max uint256) on ${getAddress(tokenIn)} — then solve again`);
  }
  if (state.permit2Allowance < amountRaw) {
    throw new SluiceError("PERMIT_INVALID", `Permit2 allowance too low: ${getAddress(user)} approved Permit2 for ${show(state.permit2Allowance)} of ${symbol}, the swap needs ${show(amountRaw)}; approve Permit2 (${PERMIT2_ADDRESS}) for the maximum amount`);
  }
  return state;
}

/** Whether the permit recovers to the user under one of the other chains' domains (a clearer message). */
async function signedForOtherChain(params: VerifyPermitParameters): Promise<number | undefined> {
  for (const id of chainIds) {
    if (id === params.chainId) continue;
    try {
      const signer = await recoverPermitSigner({ ...params, chainId: id });
      if (isAddressEqual(signer, params.user)) return id;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
