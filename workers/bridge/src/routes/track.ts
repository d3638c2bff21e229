import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, BRIDGE_QUOTE_ID_MAX_LENGTH, bridgeDepositNotFound, errorResponses, findTrackedFingerprints, requireApiKey, SluiceError, trackBridgeDeposit,
  verifyBridgeDeposit, wasBridgeQuoteIssued, type VerifiedBridgeDeposit,
} from "@sluice/core";
import { isAddressEqual } from "viem";
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
  quoteId: z.string().min(1).max(BRIDGE_QUOTE_ID_MAX_LENGTH).optional(),
  originTxHash: txHashField,
}).openapi("BridgeTrackRequest");

export const postBridgeTrackRoute = createRoute({
  method: "post",
  path: "/api/v1/bridge/track",
  tags: ["Bridge"],
  summary: "Register a submitted deposit for status reconciliation and volume attribution",
  description: "Verifies on the origin chain that the transaction is a deposit through Across' canonical SpokePool by "
    + "`depositor` to the requested destination and tokens, and records the chain's amounts (`amountInRaw` and "
    + "`expectedOutRaw` are not trusted; in a transaction holding several deposits, the destination, tokens and "
    + "`amountInRaw` pick which one is meant). Idempotent by deposit: tracking the same deposit again answers the "
    + "same settlementId; each deposit of a batch is a settlement of its own. Only the account whose `/bridge/quote` "
    + "produced the deposit may track it (within a day of the quote). A transaction that is not such a deposit, a "
    + "deposit from another account's quote, or a deposit another account tracks, is NOT_FOUND.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: BridgeTrackRequestSchema } }, required: true } },
  responses: {
    200: { description: "The settlement", content: { "application/json": { schema: z.object({ ok: z.literal(true), settlementId: z.string() }) } } },
    ...errorResponses([...authErrorCodes, "MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "NOT_FOUND", "UPSTREAM_ERROR"]),
  },
});

export function registerPostBridgeTrack(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(postBridgeTrackRoute, async (c) => {
    const body = c.req.valid("json");
    const { originChainId, destinationChainId, inputToken, outputToken } = requireBridgeLeg(body);
    const auth = c.get("auth");
    const origin = c.get("services").servedChain(originChainId);
    if (!origin) throw new SluiceError("UNSUPPORTED_CHAIN", `originChainId: deposits on chain ${originChainId} cannot be verified on this deployment`);
    // Reconciliation reads the fill (and the fill deadline's clock) on the destination chain: a deposit to a chain this
    // deployment does not reach could never progress, so it is refused here rather than retried by the cron forever.
    if (!c.get("services").servedChain(destinationChainId)) {
      throw new SluiceError("UNSUPPORTED_CHAIN", `destinationChainId: fills on chain ${destinationChainId} cannot be verified on this deployment`);
    }
    const originTxHash = body.originTxHash.toLowerCase() as `0x${string}`;
    const issued = (fingerprint: `0x${string}`) => wasBridgeQuoteIssued({ redis: c.get("services").redis, accountId: auth.accountId, fingerprint });
    // In a batch of several deposits by the depositor, which one is meant: one this account's quote produced with the
    // request's destination, tokens and input amount (they pick the deposit; what is recorded is still the chain's)
    // that it does not track yet, else one it tracks with them (a repeated request, also once the quote's binding
    // has lapsed), else any of its quotes' it does not track yet, else any it tracks.
    const asked = (d: VerifiedBridgeDeposit) => d.destinationChainId === destinationChainId && isAddressEqual(d.inputToken, inputToken.address)
      && isAddressEqual(d.outputToken, outputToken.address) && d.inputAmount === BigInt(body.amountInRaw);
    const { db } = c.get("services");
    const mine = await findTrackedFingerprints(db, auth.accountId, originChainId, originTxHash);
    const tracks = (d: VerifiedBridgeDeposit) => mine.has(d.fingerprint);
    const verified = await verifyBridgeDeposit({
      client: origin.client, originChainId, originTxHash, depositor: body.depositor,
      isWanted: [
        async (d) => asked(d) && !tracks(d) && await issued(d.fingerprint),
        async (d) => asked(d) && tracks(d),
        async (d) => !tracks(d) && await issued(d.fingerprint),
        async (d) => tracks(d),
      ],
    });
    const notFound = () => bridgeDepositNotFound({ originChainId, originTxHash, depositor: body.depositor });
    if (verified.destinationChainId !== destinationChainId || !isAddressEqual(verified.inputToken, inputToken.address)
      || !isAddressEqual(verified.outputToken, outputToken.address)) {
      throw new SluiceError("MALFORMED_REQUEST", "destinationChainId, inputToken and outputToken: do not match the deposit on chain");
    }
    const issuedToAccount = await issued(verified.fingerprint);
    const { settlementId } = await trackBridgeDeposit({
      db, accountId: auth.accountId, apiKeyId: auth.keyId, notFound, issuedToAccount,
      deposit: {
        originChainId, destinationChainId, depositor: verified.depositor, recipient: verified.recipient,
        inputToken: verified.inputToken, outputToken: verified.outputToken,
        amountInRaw: verified.inputAmount, expectedOutRaw: verified.outputAmount, depositId: verified.depositId,
        quoteId: body.quoteId, originTxHash, fingerprint: verified.fingerprint,
      },
    });
    return c.json({ ok: true as const, settlementId }, 200);
  });
}
