import type { Address, Hex } from "viem";

/** The swap request fields /route and /solve share (interface §4). */
export type SwapRequest = {
  from: string;
  to: string;
  amount: string;
  chain: "ethereum" | "base" | "arbitrum" | "polygon";
  fromAddress?: string;
  fromDecimals?: number;
  toAddress?: string;
  toDecimals?: number;
};

/** Permit2 typed data as /route returns it (JSON: integers as strings or numbers). */
export type RoutePermit = {
  domain: { name: string; chainId: number | string; verifyingContract: Address };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: "PermitWitnessTransferFrom" | "PermitTransferFrom";
  message: {
    permitted: { token: Address; amount: string | number };
    spender: Address;
    nonce: string | number;
    deadline: string | number;
    /** What the user receives (a witness permit): send it back to /solve exactly as signed. */
    witness?: SolveWitness;
  };
};

/** A witness permit's `SluiceSwap`, as /route gives it and /solve takes it. */
export type SolveWitness = { tokenOut: Address; minAmountOut: string; recipient: Address };

export type SwapQuote = {
  amountIn: string;
  amountOut: string;
  amountOutRaw: string;
  volumeUsd: number;
  rate: string;
  protocol: string;
  priceImpactBps: number;
  poolAddress?: string;
};

export type RouteAnswer =
  | { ok: true; quote: SwapQuote; gaslessEligible: boolean; computeMs: number; permit?: RoutePermit; [extra: string]: unknown }
  | { ok: false; error: string; code?: string; gaslessEligible?: boolean; computeMs?: number; permit?: RoutePermit; quote?: SwapQuote; [extra: string]: unknown };

/** The permit as /solve takes it: without the spender, integers as decimal strings. */
export type SolvePermit = {
  permitted: { token: Address; amount: string };
  nonce: string;
  deadline: string;
};

export type SwapTransaction = { txHash?: Hex; to: Address; data: Hex; value: string; chain: SwapRequest["chain"] };

export type SolveAnswer =
  | { ok: true; quote: SwapQuote; transaction: SwapTransaction; gaslessEligible?: boolean; computeMs: number }
  | { ok: false; error: string; code?: string; gaslessEligible?: boolean; computeMs?: number; quote?: SwapQuote; transaction?: SwapTransaction };

export type ConfirmAnswer =
  | {
    ok: true; txHash: Hex; chain: SwapRequest["chain"]; volumeUsd: number; tracked: true;
    /** `executed` once the chain's confirmation depth is on top of it; `pending` until then. */
    status: "executed" | "pending"; confirmations: { current: number; required: number };
  }
  | { ok: false; error: string; code?: string };

/** How the helpers reach Sluice: the base URL and the partner's API key. */
export type SluiceConnection = { baseUrl: string; apiKey: string; fetch?: typeof fetch };
