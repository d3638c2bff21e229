import { z } from "@hono/zod-openapi";
import { AMOUNT_PATTERN, amountFormatProblem, chainNames } from "@sluice/core";
import { isAddress } from "viem";

export const address = z.string().refine((v) => isAddress(v, { strict: false }), "must be a 0x-prefixed 20-byte address");
/** `amount` of /route and of /solve: one rule (core's `AMOUNT_PATTERN`), so a body one accepts the other's field accepts. */
export const humanAmount = z.string().regex(AMOUNT_PATTERN, { error: (issue) => amountFormatProblem(String(issue.input)) })
  .openapi({ description: "Input amount in human-readable units: digits, optionally a point and 1 to 36 digits; at most 2^128 - 1 raw units", example: "25" });

/** A 65-byte (r, s, v) signature, as `eth_signTypedData_v4` returns it: the only form Sluice recovers (`recoverPermitSigner`). */
const signature65 = z.string().regex(/^0x[0-9a-fA-F]{130}$/, {
  error: (issue) => {
    const value = String(issue.input);
    return /^0x[0-9a-fA-F]*$/.test(value)
      ? `must be a 65-byte signature (r, s, v): 0x and 130 hex digits, got ${value.length - 2}`
      : "must be 0x-prefixed hex: a 65-byte signature (r, s, v)";
  },
});

const uint = (what: string) => z.string().regex(/^\d{1,78}$/, `must be ${what} as a decimal integer string`)
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) < 2n ** 256n, "must fit in uint256");

export const PermitSchema = z.object({
  permitted: z.object({
    token: address.openapi({ example: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }),
    amount: uint("the raw base-unit amount").openapi({ example: "25000000" }),
  }).strict(),
  nonce: uint("the Permit2 nonce").openapi({ example: "182371982371" }),
  deadline: uint("Unix seconds").openapi({
    example: "1767225600", description: "Unix seconds: at least 30 s and at most 30 days past the chain's latest block",
  }),
}).strict().openapi("Permit", { description: "PermitTransferFrom without the spender (the chain's executor)" });

export const SolveBody = z.object({
  from: z.string().min(1).max(64).openapi({ example: "USDC" }),
  to: z.string().min(1).max(64).openapi({ example: "WETH" }),
  amount: humanAmount,
  chain: z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }).openapi({ example: "base" }),
  user: address.openapi({ description: "The swapper's wallet (the permit's signer)" }),
  fromAddress: address.optional().openapi({ example: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }),
  fromDecimals: z.number().int().min(0).max(36).optional().openapi({ example: 6 }),
  toAddress: address.optional().openapi({ example: "0x4200000000000000000000000000000000000006" }),
  toDecimals: z.number().int().min(0).max(36).optional().openapi({ example: 18 }),
  dryRun: z.boolean().optional().openapi({ description: "Encode only, submit nothing; default false" }),
  slippageBps: z.number().int().min(0).max(5000).optional().openapi({ description: "Maximum slippage; default 5" }),
  permit: PermitSchema,
  signature: signature65.openapi({ description: "65-byte EIP-712 signature of the permit (0x and 130 hex digits)" }),
  witness: z.object({
    tokenOut: address,
    minAmountOut: uint("the raw minimum output"),
    recipient: address,
  }).strict().optional().openapi({
    description: "The witness of /route's permit, exactly as signed: the swap then pays at least `minAmountOut` of "
      + "`tokenOut` to `recipient` (the user when zero), enforced on chain. Without it the permit is a plain "
      + "PermitTransferFrom, accepted only with a nonce /route issued to this account",
  }),
}).strict().openapi("SolveRequest");

export const SwapQuoteSchema = z.object({
  amountIn: z.string(),
  amountOut: z.string(),
  amountOutRaw: z.string(),
  volumeUsd: z.number(),
  rate: z.string(),
  protocol: z.string(),
  priceImpactBps: z.number(),
}).passthrough().openapi("SwapQuote");

export const TransactionSchema = z.object({
  txHash: z.string().optional().openapi({ description: "Present only when Sluice submitted the transaction" }),
  to: z.string().openapi({ description: "The chain's executor" }),
  data: z.string(),
  value: z.string(),
  chain: z.enum(chainNames),
}).openapi("SwapTransaction");

export const SolveAnswer = z.object({
  ok: z.literal(true),
  quote: SwapQuoteSchema,
  transaction: TransactionSchema,
  gaslessEligible: z.boolean(),
  computeMs: z.number(),
}).openapi("SolveAnswer");

export const SolveFailure = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.string(),
  gaslessEligible: z.boolean().optional(),
  computeMs: z.number().optional(),
  quote: SwapQuoteSchema.optional(),
  transaction: TransactionSchema.optional().openapi({ description: "Below the gasless minimum: encode-only calldata to submit" }),
}).openapi("SolveFailure");
