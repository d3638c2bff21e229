import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, bridgeDepositStatus, errorResponses, findTrackedDeposit, findTrackedDepositById, isTrackedByAnotherAccount, pendingDepositHint, requireApiKey, SluiceError,
  unknownBridgeDeposit, verifyDepositStatus,
} from "@sluice/core";
import { acrossFromEnv, type BridgeEnv } from "../bridgeEnv.js";
import { chainIdField, requireBridgeChain, txHashField } from "./bridgeSchemas.js";

/**
 * Log-query pages a status request may read looking for a fill or refund the protocol did not name (10,000 blocks
 * each way): a request anyone with a key can repeat stays a few RPC calls; the reconcile cron searches further for
 * tracked deposits.
 */
const STATUS_SEARCH_PAGES = 5;

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
    + "protocol's own answer is only a hint (its slowFillRequested is pending, slowFilled filled). Asked by "
    + "`depositTxnRef` about a transaction holding several deposits (a wallet's batch), the answer is the deposit this "
    + "account tracks in it; when it tracks none or several, the request is refused naming their ids: ask by originChainId "
    + "and depositId. A deposit this account tracks is answered from the chains also when the protocol does not know it, "
    + "by transaction or by id.",
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
      // Canonical decimal ("007" is deposit 7): the protocol's answer is held to the id asked about, as a string.
      lookup = { originChainId: requireBridgeChain(query.originChainId, "originChainId"), depositId: BigInt(query.depositId).toString() };
    } else {
      throw new SluiceError("MALFORMED_REQUEST", "depositTxnRef: is required, or originChainId and depositId");
    }
    const { across } = acrossFromEnv(c.get("config"));
    // The answer is held to the query (another deposit's identifiers are an upstream error): what follows is about
    // the deposit the partner asked about.
    const { db } = c.get("services");
    const { accountId } = c.get("auth");
    // The deposit this account tracks in the queried transaction, read beside the protocol's answer: its recorded
    // terms say which deposit of the transaction is meant (the protocol's deposit id does not: in a batch it may name
    // another's).
    const tracking = "depositTxnRef" in lookup ? findTrackedDeposit(db, accountId, lookup.depositTxnRef) : Promise.resolve(undefined);
    tracking.catch(() => {}); // awaited below
    const hint = await bridgeDepositStatus(across, lookup).catch(async (error: unknown) => {
      // A deposit this account tracks is read from the chains even when the protocol does not know it (not indexed,
      // or forgotten) or answers unusably: its status is what the chains show, not whether the protocol remembers it.
      const unusable = error instanceof SluiceError && (error.code === "NOT_FOUND" || error.code === "UPSTREAM_ERROR");
      if (!unusable) throw error;
      if ("depositTxnRef" in lookup) {
        const tracked = await tracking;
        if (!tracked) throw error;
        return pendingDepositHint(tracked);
      }
      // Asked by id: the transaction this account's settlement recorded for that id, held to the id asked about (a
      // reorganisation that gave the deposit another id leaves it unknown here, as the protocol left it).
      const tracked = await findTrackedDepositById(db, accountId, lookup.originChainId, lookup.depositId);
      if (!tracked) throw error;
      return { ...pendingDepositHint(tracked), depositId: lookup.depositId };
    });
    const tracked = await tracking;
    // Another account's tracked deposit answers exactly like an unknown one: checked on the queried transaction.
    if ("depositTxnRef" in lookup && !tracked && await isTrackedByAnotherAccount(db, accountId, lookup.depositTxnRef)) throw unknownBridgeDeposit();
    // The protocol's answer is a hint: the chains decide, each at its confirmation depth.
    const originChainId = "originChainId" in lookup ? lookup.originChainId : tracked?.originChainId ?? hint.originChainId;
    const servedChain = (chainId: number) => {
      const chain = c.get("services").servedChain(chainId);
      if (!chain) throw new SluiceError("UNSUPPORTED_CHAIN", `Deposits involving chain ${chainId} cannot be verified on this deployment`);
      return chain;
    };
    if (originChainId === null) throw unknownBridgeDeposit();
    const deposit = await verifyDepositStatus({
      hint, originChainId, clientFor: (chainId) => servedChain(chainId).client, confirmationsFor: (chainId) => servedChain(chainId).settings.confirmations,
      maxSearchPages: STATUS_SEARCH_PAGES, tracked: tracked?.terms, byTransaction: "depositTxnRef" in lookup,
    });
    // Asked by deposit id, the transaction is the protocol's; the origin chain has shown it holds that deposit.
    if (!("depositTxnRef" in lookup) && await isTrackedByAnotherAccount(db, accountId, deposit.depositTxHash.toLowerCase(), deposit.depositId)) {
      throw unknownBridgeDeposit();
    }
    return c.json({
      ok: true as const,
      deposit: {
        status: deposit.status, depositId: deposit.depositId, depositTxHash: deposit.depositTxHash,
        fillTx: deposit.fillTx, refundTx: deposit.refundTx, destinationChainId: deposit.destinationChainId,
      },
    }, 200);
  });
}
