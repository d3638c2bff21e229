import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { drainUsageOutbox, errorResponses, longQueries, MONTH_PATTERN, requireAdminToken, reviewRoundTrips, settleMonth } from "@sluice/core";
import { adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";
import { deliverDueWebhooks, deliverWebhooksSoon } from "../webhookDelivery.js";

export const SettleBody = z.object({
  month: z.string().regex(MONTH_PATTERN, "must be a month as YYYY-MM").openapi({ example: "2026-10" }),
  preview: z.boolean().optional().openapi({ description: "Compute what settling would write; write nothing" }),
}).strict();

const SettlementSchema = z.object({
  month: z.string(),
  status: z.enum(["settled", "already_settled", "preview"]),
  volumeRows: z.number(), referralRows: z.number(),
  totalVolumeUsd: z.string().openapi({ description: "Exact decimal" }),
  totalRebateUsd: z.string().openapi({ description: "Exact decimal" }),
}).openapi("AdminSettlement");

export const settleRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken(), longQueries()],
  method: "post", path: "/admin/v1/settlements",
  summary: "Settle a UTC month that has ended (idempotent), or preview it",
  request: { body: { required: true, content: { "application/json": { schema: SettleBody } } } },
  responses: {
    200: { description: "The month's settlement", content: { "application/json": { schema: z.object({ ok: z.literal(true), settlement: SettlementSchema }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

const RoundTripPairSchema = z.object({
  chain: z.string(), owner: z.string(), tokenA: z.string(), tokenB: z.string(),
  roundTripUsd: z.string().openapi({ description: "Exact decimal: twice the smaller of the two directions' volume" }),
}).openapi("AdminRoundTripPair");

const AccountRoundTripsSchema = z.object({
  accountId: z.string(), slug: z.string(), rebateBps: z.number(),
  volumeUsd: z.string().openapi({ description: "Exact decimal: the month's qualifying volume" }),
  roundTripUsd: z.string().openapi({ description: "Exact decimal: of it, what one owner swapped both ways through one token pair" }),
  roundTripShare: z.string().openapi({ description: "roundTripUsd ÷ volumeUsd, 4 decimals" }),
  unattributedUsd: z.string().openapi({ description: "Exact decimal: volume of solves recorded before owners were kept" }),
  top: z.array(RoundTripPairSchema),
}).openapi("AdminAccountRoundTrips");

export const volumeReviewRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken(), longQueries()],
  method: "get", path: "/admin/v1/volume-review",
  summary: "Review a month's rebate volume for wash trading: per account, the volume one owner swapped both ways through one pair",
  description: "Ranks accounts for a look before their rebates are paid (decisions §2.3a); it decides nothing: a user who sells "
    + "back what it bought within the month shows too.",
  request: {
    query: z.object({
      month: z.string().regex(MONTH_PATTERN, "must be a month as YYYY-MM").openapi({ example: "2026-10" }),
      top: z.coerce.number().int().min(1).max(100).optional().openapi({ description: "Pairs listed per account (default 5)" }),
    }),
  },
  responses: {
    200: {
      description: "The month's review, accounts by round-trip volume",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), month: z.string(), accounts: z.array(AccountRoundTripsSchema) }) } },
    },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export const drainOutboxRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken(), longQueries()],
  method: "post", path: "/admin/v1/usage/outbox/drain",
  summary: "Write the usage events waiting in the outbox to Postgres now (the cron does it every minute)",
  responses: {
    200: {
      description: "What was drained",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), drained: z.number(), inserted: z.number(), deadLettered: z.number(), retained: z.number() }) } },
    },
    ...errorResponses(["UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export const deliverWebhooksRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()],
  method: "post", path: "/admin/v1/webhooks/deliver",
  summary: "Send the webhook deliveries that are due now (the cron does it every minute; the local stack every second)",
  responses: {
    200: {
      description: "What was sent",
      content: {
        "application/json": {
          schema: z.object({
            ok: z.literal(true), attempted: z.number(), delivered: z.number(), retrying: z.number(), failed: z.number(), disabled: z.number(),
          }),
        },
      },
    },
    ...errorResponses(["UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export function registerSettlementRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(settleRoute, async (c) => {
    const body = c.req.valid("json");
    const settlement = await settleMonth(c.get("services").db, { month: body.month, preview: body.preview });
    if (settlement.status === "settled") deliverWebhooksSoon(c); // rebate.settled
    return c.json({ ok: true as const, settlement }, 200);
  });
  app.openapi(volumeReviewRoute, async (c) => {
    const { month, top } = c.req.valid("query");
    return c.json({ ok: true as const, ...(await reviewRoundTrips(c.get("services").db, { month, top })) }, 200);
  });
  app.openapi(drainOutboxRoute, async (c) => {
    const { db, redis } = c.get("services");
    return c.json({ ok: true as const, ...(await drainUsageOutbox({ db, redis })) }, 200);
  });
  app.openapi(deliverWebhooksRoute, async (c) => c.json({ ok: true as const, ...(await deliverDueWebhooks(c.get("config"), 4)) }, 200));
}
