import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses, requireApiKey } from "@sluice/core";
import { trackBridgeDeposit } from "@sluice/core/bridge/index";
import type { BridgeEnv } from "../bridgeEnv.js";
import { addressField, rawAmountField, requireBridgeLeg, txHashField } from "./bridgeSchemas.js";

/** Every field is required but `quoteId` (the interface leaves required-ness open). */
export const BridgeTrackRequestSchema = z.object({
  originChainId: z.number().int(),
  destinationChainId: z.number().int(),
  depositor: addressField,
  recipient: addressField,
  inputToken: addressField,
  outputToken: addressField,
  amountInRaw: rawAmountField,
  expectedOutRaw: rawAmountField,
  quoteId: z.string().min(1).max(200).optional(),
  originTxHash: txHashField,
}).openapi("BridgeTrackRequest");

export const postBridgeTrackRoute = createRoute({
  method: "post",
  path: "/api/v1/bridge/track",
  tags: ["Bridge"],
  summary: "Register a submitted deposit for status reconciliation and volume attribution",
  description: "Idempotent by origin transaction: tracking the same deposit again answers the same settlementId.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: BridgeTrackRequestSchema } }, required: true } },
  responses: {
    200: { description: "The settlement", content: { "application/json": { schema: z.object({ ok: z.literal(true), settlementId: z.string() }) } } },
    ...errorResponses([...authErrorCodes, "MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "CONFLICT"]),
  },
});

export function registerPostBridgeTrack(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(postBridgeTrackRoute, async (c) => {
    const body = c.req.valid("json");
    const { originChainId, destinationChainId, inputToken, outputToken } = requireBridgeLeg(body);
    const auth = c.get("auth");
    const { settlementId } = await trackBridgeDeposit({
      db: c.get("services").db, accountId: auth.accountId, apiKeyId: auth.keyId,
      deposit: {
        originChainId, destinationChainId, depositor: body.depositor, recipient: body.recipient,
        inputToken: inputToken.address, outputToken: outputToken.address,
        amountInRaw: BigInt(body.amountInRaw), expectedOutRaw: BigInt(body.expectedOutRaw),
        quoteId: body.quoteId, originTxHash: body.originTxHash as `0x${string}`,
      },
    });
    return c.json({ ok: true as const, settlementId }, 200);
  });
}
