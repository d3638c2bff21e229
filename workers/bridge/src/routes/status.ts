import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, bridgeDepositStatus, errorResponses, isTrackedByAnotherAccount, requireApiKey, SluiceError, unknownBridgeDeposit, verifyDepositStatus,
} from "@sluice/core";
import { acrossFromEnv, type BridgeEnv } from "../bridgeEnv.js";
import { chainIdField, requireBridgeChain, txHashField } from "./bridgeSchemas.js";

export const BridgeDepositSchema = z.object({
  status: z.enum(["pending", "filled", "expired", "refunded"]),
  depositId: z.string(),
  depositTxHash: z.string(),
  fillTx: z.string().nullable().openapi({ description: "Destination fill transaction, once filled" }),
  refundTx: z.string().nullable().openapi({ description: "Origin refund transaction, once refunded" }),
  destinationChainId: z.number().int(),
}).openapi("BridgeDeposit");

export const getBridgeStatusRoute = createRoute({
  method: "get",
  path: "/api/v1/bridge/status",
  tags: ["Bridge"],
  summary: "A deposit's status, by origin transaction or by origin chain and deposit id",
  description: "What the chains show: `filled` with the destination's fill of this deposit, `expired` once the fill "
    + "deadline has passed on the destination, `refunded` with the origin's refund to the depositor; the bridge "
    + "protocol's own answer is only a hint (its slowFillRequested is pending, slowFilled filled).",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: {
    query: z.object({
      depositTxnRef: txHashField.optional(),
      originChainId: chainIdField.optional(),
      depositId: z.string().regex(/^\d{1,78}$/, "must be a decimal deposit id").optional(),
    }),
  },
  responses: {
    200: { description: "The deposit", content: { "application/json": { schema: z.object({ ok: z.literal(true), deposit: BridgeDepositSchema }) } } },
    ...errorResponses([...authErrorCodes, "MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "NOT_FOUND", "UPSTREAM_ERROR"]),
  },
});

export function registerGetBridgeStatus(app: OpenAPIHono<BridgeEnv>) {
  app.openapi(getBridgeStatusRoute, async (c) => {
    const query = c.req.valid("query");
    let lookup;
    if (query.depositTxnRef) {
      lookup = { depositTxnRef: query.depositTxnRef.toLowerCase() };
    } else if (query.originChainId !== undefined && query.depositId !== undefined) {
      lookup = { originChainId: requireBridgeChain(query.originChainId, "originChainId"), depositId: query.depositId };
    } else {
      throw new SluiceError("MALFORMED_REQUEST", "depositTxnRef: is required, or originChainId and depositId");
    }
    const { across } = acrossFromEnv(c.get("config"));
    const hint = await bridgeDepositStatus(across, lookup);
    // Another account's tracked deposit answers exactly like an unknown one.
    if (await isTrackedByAnotherAccount(c.get("services").db, c.get("auth").accountId, hint.depositTxHash)) throw unknownBridgeDeposit();
    // The protocol's answer is a hint: the chains decide.
    const originChainId = "originChainId" in lookup ? lookup.originChainId : hint.originChainId;
    const clientFor = (chainId: number) => {
      const client = c.get("services").servedChain(chainId)?.client;
      if (!client) throw new SluiceError("UNSUPPORTED_CHAIN", `Deposits involving chain ${chainId} cannot be verified on this deployment`);
      return client;
    };
    if (originChainId === null) throw unknownBridgeDeposit();
    const deposit = await verifyDepositStatus({ hint, originChainId, clientFor });
    return c.json({
      ok: true as const,
      deposit: {
        status: deposit.status, depositId: deposit.depositId, depositTxHash: deposit.depositTxHash,
        fillTx: deposit.fillTx, refundTx: deposit.refundTx, destinationChainId: deposit.destinationChainId,
      },
    }, 200);
  });
}
