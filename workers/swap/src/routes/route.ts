import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import {
  apiKeySecurity, authErrorCodes, errorResponses, formatQuote, isBelowGaslessMinimum, logEvent, QUOTE_DEADLINE_MS, quoteSwap,
  recordRouteEvent, rememberQuotePermit, requireApiKey, swapTooSmall,
} from "@sluice/core";
import { getAddress } from "viem";
import type { SwapEnv } from "../env.js";
import { RouteAnswer, RouteBody, RouteFailure } from "./routeSchemas.js";

export const routeRoute = createRoute({
  method: "post",
  path: "/api/v1/route",
  tags: ["Swap"],
  summary: "Quote a same-chain swap",
  description: "The best route (paths of up to 3 pools, split where that pays more) on the chain's latest state; "
    + "`amountOutRaw` is exactly what the executor pays on that state. Executes nothing. When the swap is "
    + "gasless-eligible the answer carries a ready-to-sign Permit2 `permit` whose spender is Sluice's executor. "
    + "Below the chain's gasless minimum the answer is the `Swap too small` failure, which still carries the quote.",
  security: apiKeySecurity,
  // Every failure of /route carries `gaslessEligible` and `computeMs` (interface §7), auth and validation included:
  // `swapFailureFields`, installed by createSwapApp ahead of the body limit and the settings.
  middleware: [requireApiKey()] as const,
  request: { body: { content: { "application/json": { schema: RouteBody } }, required: true } },
  responses: {
    200: { description: "The quote", content: { "application/json": { schema: RouteAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "NO_ROUTE", "SWAP_TOO_SMALL",
      "PRICE_IMPACT_TOO_HIGH", ...authErrorCodes], RouteFailure),
  },
});

export function registerRoute(app: OpenAPIHono<SwapEnv>) {
  app.openapi(routeRoute, async (c) => {
    const started = Date.now();
    const body = c.req.valid("json");
    const services = c.get("services");
    const chain = services.chain(body.chain);
    const quote = await quoteSwap({
      time: services.time,
      chain: chain.name,
      deployment: chain.deployment,
      source: chain.source,
      routingGraphs: chain.routingGraphs,
      head: chain.head,
      refresh: chain.refreshPools,
      deadlineMs: QUOTE_DEADLINE_MS,
      tokenBehaviour: {
        redis: services.redis, cache: services.caches.tokenBehaviours,
        cacheMs: chain.settings.headMaxAgeMs,
      },
      amount: body.amount,
      from: { token: body.from, address: body.fromAddress, decimals: body.fromDecimals },
      to: { token: body.to, address: body.toAddress, decimals: body.toDecimals },
      slippageBps: body.slippageBps,
      recipient: body.user ? getAddress(body.user) : undefined,
    });
    // The permit's nonce is remembered with what it binds, so a plain permit of it is held to this quote at /solve.
    // Before the answer: a partner may sign and solve at once, and /solve reads it while it re-quotes (a /solve that
    // missed it would fail closed: a plain permit of an unknown nonce is refused; a witness permit never reads it).
    // Under this deployment's environment: a sandbox answer's nonce binds no production /solve.
    if (quote.permit) {
      await rememberQuotePermit(services.redis, quote, c.get("auth").accountId, c.get("config").SLUICE_ENVIRONMENT)
        .catch((error: unknown) => logEvent("error", "quote permit not remembered", { error: String(error) }));
    }
    if (isBelowGaslessMinimum(quote)) throw swapTooSmall(quote);
    if (c.env.USAGE && c.get("config").SLUICE_ENVIRONMENT === "production") {
      recordRouteEvent({ usage: c.env.USAGE, batch: services.caches.routeEvents, background: services.background, auth: c.get("auth"), quote });
    }
    return c.json({
      ok: true as const,
      quote: formatQuote(quote),
      gaslessEligible: quote.gaslessEligible,
      gaslessMinimumUsd: Number(quote.gaslessMinimumUsd),
      computeMs: Date.now() - started,
      ...(quote.gaslessEligible && quote.permit ? { permit: quote.permit } : {}),
    }, 200);
  });
}
