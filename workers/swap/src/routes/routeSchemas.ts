import { z } from "@hono/zod-openapi";
import { chainNames } from "@sluice/core";
import { address, humanAmount } from "./solveSchemas.js";

export const RouteBody = z.object({
  from: z.string().min(1).max(64).openapi({ description: "Input token symbol or address", example: "USDC" }),
  to: z.string().min(1).max(64).openapi({ description: "Output token symbol or address", example: "WETH" }),
  amount: humanAmount,
  chain: z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }).openapi({ example: "base" }),
  fromAddress: z.string().max(64).optional().openapi({ description: "Input token contract address (recommended)", example: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" }),
  fromDecimals: z.number().int().min(0).max(36).optional().openapi({ description: "Input token decimals (recommended)", example: 6 }),
  toAddress: z.string().max(64).optional().openapi({ description: "Output token contract address (recommended)", example: "0x4200000000000000000000000000000000000006" }),
  toDecimals: z.number().int().min(0).max(36).optional().openapi({ description: "Output token decimals (recommended)", example: 18 }),
  user: address.optional().openapi({ description: "Beyond the interface: the swapper's wallet, made the permit's recipient (default: whoever signs)" }),
  slippageBps: z.number().int().min(0).max(5000).optional()
    .openapi({ description: "Beyond the interface: the permit's minimum output is the quote less this (default 5)" }),
}).strict().openapi("RouteRequest");

const Hop = z.object({
  pool: z.string(), protocol: z.string(), fee: z.number().openapi({ description: "Pool fee in pips (3000 = 0.3%)" }),
  tokenIn: z.string(), tokenOut: z.string(), amountIn: z.string(), amountOut: z.string(),
});

export const RouteQuote = z.object({
  amountIn: z.string().openapi({ description: "Input amount, human-readable", example: "25" }),
  amountOut: z.string().openapi({ description: "Expected output, human-readable", example: "0.008331" }),
  amountOutRaw: z.string().openapi({ description: "Expected output, raw integer: exactly what the executor pays on the quoted state" }),
  volumeUsd: z.number().openapi({
    description: "USD value of the swap: its curated side's (WETH, WBTC, USDC, USDT, DAI; WPOL on Polygon); 0 between two "
      + "uncurated tokens or with a token that is not listed. What rebates are paid on and the gasless minimum is measured against",
  }),
  rate: z.string().openapi({ example: "1 USDC = 0.00033324 WETH" }),
  protocol: z.string().openapi({ example: "uniswap-v3" }),
  poolAddress: z.string().openapi({ description: "Primary pool: first pool of the split taking the largest share" }),
  priceImpactBps: z.number().openapi({ description: "Price impact in basis points, fees included" }),
  route: z.object({
    splits: z.array(z.object({ amountIn: z.string(), amountOut: z.string(), hops: z.array(Hop) })),
  }).openapi({ description: "The input split across paths of up to 3 pools, executed in this order" }),
}).passthrough().openapi("RouteQuote");

export const PermitTypedData = z.object({
  domain: z.object({ name: z.literal("Permit2"), chainId: z.number(), verifyingContract: z.string() }),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() })).readonly()),
  primaryType: z.literal("PermitWitnessTransferFrom"),
  message: z.object({
    permitted: z.object({ token: z.string(), amount: z.string() }),
    spender: z.string().openapi({ description: "Sluice's executor on this chain" }),
    nonce: z.string(),
    deadline: z.string().openapi({ description: "Unix seconds" }),
    witness: z.object({
      tokenOut: z.string(),
      minAmountOut: z.string().openapi({ description: "Raw; the quote's output less `slippageBps` (default 5)" }),
      recipient: z.string().openapi({ description: "The request's `user`, or the zero address: whoever signs" }),
    }).openapi({ description: "What the user receives, enforced by the executor: send it back as /solve's `witness`" }),
  }),
}).openapi("PermitTypedData", {
  description: "Ready-to-sign Permit2 PermitWitnessTransferFrom (EIP-712). Its nonce is also remembered for this "
    + "account, so a plain PermitTransferFrom of the same input and nonce is accepted at /solve, bound to this quote's "
    + "output token and minimum.",
});

export const RouteAnswer = z.object({
  ok: z.literal(true),
  quote: RouteQuote,
  gaslessEligible: z.boolean(),
  gaslessMinimumUsd: z.number().openapi({ description: "The chain's gasless minimum in USD" }),
  computeMs: z.number().openapi({ description: "Server-side compute time of the quote" }),
  permit: PermitTypedData.optional(),
}).openapi("RouteAnswer");

export const RouteFailure = z.object({
  ok: z.literal(false),
  error: z.string(),
  code: z.string(),
  gaslessEligible: z.boolean(),
  computeMs: z.number(),
  gaslessMinimumUsd: z.number().optional(),
  quote: RouteQuote.optional().openapi({ description: "Present on `Swap too small`" }),
  permit: PermitTypedData.optional().openapi({ description: "Present on `Swap too small`: sign it for /solve's encode-only calldata" }),
}).openapi("RouteFailure");
