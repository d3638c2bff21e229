import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, createDbFromConfig, errorResponses, requireApiKey, solveSwap } from "@sluice/core";
import type { SwapEnv } from "../env.js";
import { SolveAnswer, SolveBody, SolveFailure } from "./solveSchemas.js";

export const solveRoute = createRoute({
  method: "post",
  path: "/api/v1/solve",
  tags: ["Swap"],
  summary: "Execute a gasless swap from a signed Permit2 permit",
  description: "Re-quotes on the latest state, verifies the permit (signature, token, amount, deadline, nonce, balance, "
    + "Permit2 approval), simulates the executor call and sends it from Sluice's relayer, which pays the gas. "
    + "`dryRun: true` encodes only. Below the chain's gasless minimum the answer is the `Swap too small` failure "
    + "carrying encode-only calldata (`transaction` without `txHash`) for the user to submit, then `/confirm`; the same "
    + "calldata comes with `Gasless paused` (`GASLESS_PAUSED`) for an owner three of whose gasless swaps on the chain "
    + "reverted on chain within 24 hours, or four of whose gasless swaps on the chain are sent and not mined yet, "
    + "and for a new wallet (none of whose gasless swaps on the chain succeeded in 30 days) of an account at least ten "
    + "of whose gasless swaps on the chain reverted in the last day when they are more than 5 % of those it sent there. "
    + "A permit's deadline must be at least 30 s and at most 30 days past the chain's latest block.",
  security: apiKeySecurity,
  // Every failure carries `computeMs`: `swapFailureFields`, installed by createSwapApp ahead of the body limit.
  middleware: [requireApiKey()] as const,
  request: { body: { content: { "application/json": { schema: SolveBody } }, required: true } },
  responses: {
    200: { description: "Submitted (with `txHash`) or, for a dry run, encoded", content: { "application/json": { schema: SolveAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "NO_ROUTE", "SWAP_TOO_SMALL",
      "PRICE_IMPACT_TOO_HIGH", "PERMIT_INVALID", "SIMULATION_FAILED", "GASLESS_PAUSED", "TRANSACTION_REJECTED", "UPSTREAM_ERROR",
      ...authErrorCodes], SolveFailure),
  },
});

export function registerSolve(app: OpenAPIHono<SwapEnv>) {
  app.openapi(solveRoute, async (c) => {
    const config = c.get("config");
    const auth = c.get("auth");
    const solved = await solveSwap({
      request: c.req.valid("json"),
      auth,
      services: c.get("services"),
      sandbox: config.SLUICE_ENVIRONMENT === "sandbox" || auth.environment === "sandbox",
      usage: c.env.USAGE,
      relayerPrivateKeys: config.RELAYER_PRIVATE_KEYS,
      relayerStuckAfterMs: config.RELAYER_STUCK_AFTER_MS,
      background: (work) => c.executionCtx.waitUntil(work),
      openDb: () => createDbFromConfig(config),
    });
    return c.json({ ok: true as const, ...solved }, 200);
  });
}
