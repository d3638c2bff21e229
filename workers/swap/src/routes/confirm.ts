import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, chainNames, confirmUserSwap, errorResponses, requireApiKey, SluiceError } from "@sluice/core";
import type { Hash } from "viem";
import type { SwapEnv } from "../env.js";

export const ConfirmBody = z.object({
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex transaction hash")
    .openapi({ example: "0x5e1f6d1c0b9a8e7f6d5c4b3a29180706f5e4d3c2b1a09f8e7d6c5b4a39281706" }),
  chain: z.enum(chainNames, { error: `must be one of ${chainNames.join(", ")}` }).openapi({ example: "base" }),
}).strict().openapi("ConfirmRequest");

export const ConfirmAnswer = z.object({
  ok: z.literal(true),
  txHash: z.string(),
  chain: z.enum(chainNames),
  volumeUsd: z.number().openapi({ description: "USD volume credited to the account that encoded the swap" }),
  tracked: z.literal(true),
  status: z.enum(["executed", "pending"]).openapi({
    description: "Beyond the interface: `executed` once the chain's confirmation depth is on top of the transaction (it then "
      + "earns rebates); `pending` until then — it is counted by itself once deep enough, or never if a reorganisation drops it",
  }),
  confirmations: z.object({ current: z.number(), required: z.number() }),
}).openapi("ConfirmAnswer");

export const confirmRoute = createRoute({
  method: "post",
  path: "/api/v1/confirm",
  tags: ["Swap"],
  summary: "Track the volume of a swap the user submitted with Sluice's calldata",
  description: "For encode-only swaps (below the gasless minimum, or a dry run the user sent). Verifies on chain that the "
    + "transaction is mined, succeeded, targeted the chain's executor, was sent by the permit's owner and that keccak256 "
    + "of its input equals calldata Sluice encoded for the calling account; then counts the volume once. Confirming "
    + "again answers the same and counts nothing more. A transaction encoded for another account answers NOT_FOUND; "
    + "a gasless solve's transaction (already tracked from its receipt) answers CONFLICT.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: ConfirmBody } }, required: true } },
  responses: {
    200: { description: "The volume is tracked", content: { "application/json": { schema: ConfirmAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "NOT_FOUND", "CONFLICT", "TRANSACTION_REJECTED",
      ...authErrorCodes]),
  },
});

export function registerConfirm(app: OpenAPIHono<SwapEnv>) {
  app.openapi(confirmRoute, async (c) => {
    const { txHash, chain } = c.req.valid("json");
    const services = c.get("services");
    if (!c.env.USAGE) throw new SluiceError("UNSUPPORTED_CHAIN", "/confirm is not available on this deployment");
    const confirmed = await confirmUserSwap({
      db: services.db, chain: services.chain(chain), accountId: c.get("auth").accountId, txHash: txHash as Hash, usage: c.env.USAGE,
    });
    return c.json({ ok: true as const, ...confirmed, tracked: true as const }, 200);
  });
}
