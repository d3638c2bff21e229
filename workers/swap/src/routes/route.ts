import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  apiKeySecurity, authErrorCodes, errorResponses, newId, recordUsage, requireApiKey, type AppEnv, type SluiceBindings,
  type UsageRecorderBinding,
} from "@sluice/core";
import { chainIndexSourceFromEnv, type IndexerEnv } from "@sluice/core/indexer/chainIndexSourceFromEnv";
import { redisGraphStore } from "@sluice/core/indexer/graphStore";
import { formatQuote } from "@sluice/core/quoting/formatQuote";
import { isBelowGaslessMinimum, swapTooSmall } from "@sluice/core/quoting/quoteErrors";
import { quoteSwap } from "@sluice/core/quoting/quoteSwap";
import type { SwapQuote } from "@sluice/core/quoting/swapQuote";
import { routeFailureShape } from "./routeFailureShape.js";
import { RouteAnswer, RouteBody, RouteFailure } from "./routeSchemas.js";

/** What /route needs beyond every worker's configuration. */
export type RouteBindings = SluiceBindings & IndexerEnv & {
  /** The reporting worker's `UsageRecorder` entrypoint; absent (sandbox): nothing is recorded. */
  USAGE?: UsageRecorderBinding;
};
type RouteEnv = AppEnv<RouteBindings>;

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
  middleware: [routeFailureShape(), requireApiKey()] as const,
  request: { body: { content: { "application/json": { schema: RouteBody } }, required: true } },
  responses: {
    200: { description: "The quote", content: { "application/json": { schema: RouteAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "NO_ROUTE", "SWAP_TOO_SMALL",
      "PRICE_IMPACT_TOO_HIGH", "UPSTREAM_ERROR", ...authErrorCodes], RouteFailure),
  },
});

export function registerRoute(app: OpenAPIHono<AppEnv>) {
  (app as unknown as OpenAPIHono<RouteEnv>).openapi(routeRoute, async (c) => {
    const started = Date.now();
    const body = c.req.valid("json");
    const quote = await quoteRequest(c, body);
    const computeMs = Date.now() - started;
    if (isBelowGaslessMinimum(quote)) {
      const error = swapTooSmall(quote);
      Object.assign(error.body, { computeMs });
      throw error;
    }
    recordRouteEvent(c, quote);
    return c.json({
      ok: true as const,
      quote: formatQuote(quote),
      gaslessEligible: quote.gaslessEligible,
      gaslessMinimumUsd: Number(quote.gaslessMinimumUsd),
      computeMs,
      ...(quote.gaslessEligible && quote.permit ? { permit: quote.permit } : {}),
    }, 200);
  });
}

function quoteRequest(c: Context<RouteEnv>, body: z.infer<typeof RouteBody>): Promise<SwapQuote> {
  const source = chainIndexSourceFromEnv(c.env, body.chain, redisGraphStore(c.get("services").redis));
  return quoteSwap({
    chain: body.chain,
    deployment: source.deployment,
    source,
    amount: body.amount,
    from: { token: body.from, address: body.fromAddress, decimals: body.fromDecimals },
    to: { token: body.to, address: body.toAddress, decimals: body.toDecimals },
  });
}

/** The `route` usage event of a successful quote, with its USD volume, recorded after the answer is sent. */
function recordRouteEvent(c: Context<RouteEnv>, quote: SwapQuote): void {
  const usage = c.env.USAGE;
  if (!usage || c.env.SLUICE_ENVIRONMENT !== "production") return;
  const auth = c.get("auth");
  const recording = recordUsage(usage, [{
    id: newId("evt"),
    accountId: auth.accountId,
    apiKeyId: auth.keyId,
    eventType: "route",
    chain: quote.chain,
    volumeUsd: quote.volumeUsd,
    isDryRun: false,
    isTest: auth.isTest,
    occurredAt: new Date(),
  }]).catch((error) => console.error("route usage event not recorded", error));
  try {
    c.executionCtx.waitUntil(recording);
  } catch {
    // no execution context (in-process use): the recording still runs
  }
}
