import { getAddress, isAddressEqual, zeroAddress, type Address } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import type { SignedPermit } from "../executor/encodeExecutorSwap.js";
import type { IssuedPermit } from "../permit/issuedPermit.js";
import { readIssuedPermit } from "../permit/readIssuedPermit.js";
import type { SluiceSwapWitness } from "../permit/sluiceSwapWitness.js";
import type { Redis } from "../redis/createRedis.js";
import type { SwapQuote } from "../quoting/swapQuote.js";

export type BindPermitToQuoteParameters = {
  redis: Redis;
  accountId: string;
  user: Address;
  permit: SignedPermit;
  /** The signed witness (already verified with the signature); absent: a plain permit. */
  witness?: SluiceSwapWitness;
  /** The fresh quote the solve acts on. */
  quote: SwapQuote;
  /** The minimum from the request's slippage on the fresh quote. */
  slippageMinimum: bigint;
  /** Whose /route answers bind a plain permit: only this environment's (a sandbox answer binds no production send). */
  environment: "production" | "sandbox";
  /** A plain permit's /route record, already being read (`readIssuedPermit` of this chain, nonce and environment); default: read here. */
  issued?: Promise<IssuedPermit | null>;
};

export type BindPermitToQuoteReturnType = { minAmountOut: bigint; recipient: Address };

/**
 * Holds a solve to what the user signed for. A witness permit binds the output token, the minimum and the recipient
 * itself (the executor enforces them); a plain permit binds only the input, so it must carry a nonce /route issued to
 * this account, and is held to that answer's input, output token and minimum. Either way the fresh quote must still
 * pay the signed minimum, and the minimum sent on chain is the larger of it and the request's slippage bound.
 */
export async function bindPermitToQuote(p: BindPermitToQuoteParameters): Promise<BindPermitToQuoteReturnType> {
  const { quote } = p;
  const outSymbol = quote.tokenOut.symbol;
  let signedMinimum: bigint;
  let recipient = p.user;
  if (p.witness) {
    if (!isAddressEqual(p.witness.tokenOut, quote.tokenOut.address)) {
      throw new SluiceError("PERMIT_INVALID", `The permit's witness is for output token ${getAddress(p.witness.tokenOut)}, but the request swaps to ${outSymbol} (${getAddress(quote.tokenOut.address)})`, {
        hint: "send the `to` token the permit was signed for",
      });
    }
    signedMinimum = p.witness.minAmountOut;
    if (!isAddressEqual(p.witness.recipient, zeroAddress)) recipient = getAddress(p.witness.recipient);
  } else {
    const issued = await (p.issued ?? readIssuedPermit(p.redis, quote.chainId, p.permit.nonce, p.environment));
    const notIssued = () => new SluiceError("PERMIT_INVALID",
      `Permit nonce ${p.permit.nonce} was not issued by /route to this account: a plain PermitTransferFrom is accepted only with the nonce of a /route answer, bound to that answer`, {
        hint: "sign the permit /route returns and send its `witness` with it, or quote again with /route and sign its nonce",
      });
    if (!issued || issued.accountId !== p.accountId) throw notIssued();
    if (!isAddressEqual(issued.tokenIn, p.permit.permitted.token) || BigInt(issued.amountIn) !== p.permit.permitted.amount) {
      throw new SluiceError("PERMIT_INVALID", `Permit nonce ${p.permit.nonce} was issued by /route for another input (${issued.amountIn} raw of ${getAddress(issued.tokenIn)})`);
    }
    if (!isAddressEqual(issued.tokenOut, quote.tokenOut.address)) {
      throw new SluiceError("PERMIT_INVALID", `Permit nonce ${p.permit.nonce} was issued by /route for a swap to ${getAddress(issued.tokenOut)}, not to ${outSymbol} (${getAddress(quote.tokenOut.address)})`);
    }
    signedMinimum = BigInt(issued.minAmountOut);
  }
  if (quote.amountOut < signedMinimum) {
    throw new SluiceError("SIMULATION_FAILED",
      `The route now pays ${quote.amountOut} raw ${outSymbol}, below the ${signedMinimum} the user signed for; nothing was sent — quote again and sign a new permit`);
  }
  return { minAmountOut: signedMinimum > p.slippageMinimum ? signedMinimum : p.slippageMinimum, recipient };
}
