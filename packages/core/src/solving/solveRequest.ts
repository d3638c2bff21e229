import type { ChainName } from "../chains/chains.js";

/** A `/solve` request as the route validated it (interface §4): strings as sent, amounts as decimal strings. */
export type SolveRequest = {
  from: string;
  to: string;
  /** Human-readable input amount ("25"). */
  amount: string;
  chain: ChainName;
  /** The swapper's wallet, the permit's signer. */
  user: string;
  fromAddress?: string;
  fromDecimals?: number;
  toAddress?: string;
  toDecimals?: number;
  dryRun?: boolean;
  slippageBps?: number;
  permit: { permitted: { token: string; amount: string }; nonce: string; deadline: string };
  /** 0x hex EIP-712 signature of the permit. */
  signature: string;
  /** A witness permit's `SluiceSwap`, exactly as /route's permit message carried it; absent: a plain permit. */
  witness?: { tokenOut: string; minAmountOut: string; recipient: string };
};
