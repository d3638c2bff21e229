import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, errorResponses, loadGraph, quoteBridge, requireApiKey, SluiceError, usdPerRawUnit, type RequestChain, rememberBridgeQuote,
} from "@sluice/core";
import type { Address } from "viem";
import { acrossFromEnv, type BridgeEnv } from "../bridgeEnv.js";
import { BridgeTokenSchema, partyAddressField, rawAmountField, requireBridgeLeg } from "./bridgeSchemas.js";

export const BridgeQuoteRequestSchema = z.object({
  originChainId: z.number().int().openapi({ example: 8453 }),
  destinationChainId: z.number().int().openapi({ example: 42161 }),
  inputToken: z.string().min(1).openapi({ description: "Origin token address or symbol (curated set)", example: "USDC" }),
  outputToken: z.string().min(1).openapi({ description: "Destination token address or symbol (curated set)", example: "USDC" }),
  amount: rawAmountField,
  depositor: partyAddressField.openapi({ description: "The user's wallet: signs the transactions and receives refunds" }),
  recipient: partyAddressField.optional().openapi({ description: "Destination recipient; defaults to the depositor, which must then be a key-held account (an EOA, or EIP-7702-delegated): a contract depositor must name it" }),
  tradeType: z.enum(["exactInput", "minOutput", "exactOutput"]).default("exactInput"),
  slippage: z.union([z.number().min(0).max(0.5), z.literal("auto")]).default("auto").openapi({ description: "A fraction of at most 0.5 (Across accepts no more), or \"auto\"" }),
}).openapi("BridgeQuoteRequest");

const amountFacet = z.object({ amount: z.string(), token: BridgeTokenSchema });
/** A fee Across may not price (it omits `fees` when it has no USD prices for the route): `amount` null then. */
const unknownable = amountFacet.extend({ amount: z.string().nullable() });
const tx = z.object({ chainId: z.number().int(), to: z.string(), data: z.string() });

export const BridgeQuoteSchema = z.object({
  id: z.string(),
  inputToken: BridgeTokenSchema,
  outputToken: BridgeTokenSchema,
  inputAmount: z.string(),
  expectedOutputAmount: z.string(),
  minOutputAmount: z.string(),
  expectedFillTime: z.number().openapi({ description: "Seconds Across expects the fill to take; 0 when Across gives none, or none plausible (negative, over a day)" }),
  quoteExpiryTimestamp: z.number().int().openapi({ description: "Unix seconds; re-quote at or after it" }),
  fees: z.object({
    app: amountFacet.extend({ bps: z.number().int(), recipient: z.string() }).openapi({ description: "Sluice's app fee: 10 bps of the output, in the output token" }),
    relayer: unknownable, lp: unknownable, bridgeTotal: unknownable,
    destinationGas: unknownable.openapi({ description: "In the destination chain's native token; null when Across gives no breakdown" }),
  }),
  checks: z.object({
    allowance: z.object({ token: z.string(), spender: z.string(), balance: z.string().openapi({ description: "The current allowance" }), expected: z.string() }),
    balance: z.object({ token: z.string(), balance: z.string(), expected: z.string() }),
  }),
  approvalTxns: z.array(tx),
  swapTx: tx.extend({ value: z.string(), simulationSuccess: z.boolean() }),
  recipient: z.string(),
  refundAddress: z.string(),
  refundOnOrigin: z.boolean(),
}).openapi("BridgeQuote");

export const postBridgeQuoteRoute = createRoute({
  method: "post",
  path: "/api/v1/bridge/quote",
  tags: ["Bridge"],
  summary: "A validated bridge quote: approvals and the deposit for the user's wallet",
  description: "Every returned transaction is checked before it is returned: targets are canonical Across contracts of "
    + "the origin chain, approvals are plain ERC20 approvals of the input token to that contract, the deposit's "
    + "depositor, recipient, destination chain, tokens and amounts are the requested ones, refunds go to the depositor "
    + "on the origin chain, the 10 bps app fee is paid to Sluice and disclosed, the quote has not expired and the "
    + "approvals + deposit simulate successfully. A quote failing any check is refused and nothing is returned.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: BridgeQuoteRequestSchema } }, required: true } },
  responses: {
    200: { description: "The validated quote", content: { "application/json": { schema: z.object({ ok: z.literal(true), quote: BridgeQuoteSchema }) } } },
    ...errorResponses([...authErrorCodes, "MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "QUOTE_EXPIRED", "SIMULATION_FAILED", "UPSTREAM_ERROR"]),
  },
});

export function registerPostBridgeQuote(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(postBridgeQuoteRoute, async (c) => {
    const body = c.req.valid("json");
    const { originChainId, destinationChainId, inputToken, outputToken } = requireBridgeLeg(body);
    const amount = BigInt(body.amount);
    if (amount === 0n) throw new SluiceError("MALFORMED_REQUEST", "amount: must be greater than 0");

    const { config, across } = acrossFromEnv(c.get("config"));
    const quote = await quoteBridge({
      request: {
        originChainId, destinationChainId, inputToken, outputToken, amount, tradeType: body.tradeType,
        depositor: body.depositor, recipient: body.recipient, slippage: body.slippage,
      },
      across,
      feeRecipient: config.feeRecipient,
      integratorId: config.integratorId,
      minFillWindowSeconds: config.minFillWindowSeconds,
      depositInclusionSeconds: config.depositInclusionSeconds,
      maxFeeBps: config.maxFeeBps,
      originClient: c.get("services").servedChain(originChainId)?.client,
      destinationServed: c.get("services").servedChain(destinationChainId) !== undefined,
      usdPrices: async () => ({
        input: await usdPrice(c.get("services").servedChain(originChainId), inputToken.address),
        output: await usdPrice(c.get("services").servedChain(destinationChainId), outputToken.address),
      }),
    });
    // Only the account this quote was given to may track the deposit it produces (`/bridge/track`).
    await rememberBridgeQuote({
      redis: c.get("services").redis, accountId: c.get("auth").accountId, originChainId, depositCalldata: quote.swapTx.data as `0x${string}`,
    });
    return c.json({ ok: true as const, quote }, 200);
  });
}

/** USD per raw unit of a token from Sluice's indexed pool graph of its chain; undefined where the chain is not served. */
async function usdPrice(chain: RequestChain | undefined, token: Address) {
  return chain ? usdPerRawUnit(await loadGraph(chain.source), token.toLowerCase() as Address) : undefined;
}
