import { createRoute, z } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../http/openapi.js";
import { requireApiKey } from "../http/requireApiKey.js";
import { UsageEventSchema, UsageQuery, UsageTotalsSchema } from "./usageResource.js";

/** `GET /api/v1/usage`: the route definition production (the reporting worker) and the sandbox share. */
export const getUsageRoute = createRoute({
  method: "get",
  path: "/api/v1/usage",
  tags: ["Reporting"],
  summary: "The account's usage events, newest first",
  description: "`total_volume_usd` is the exact sum over every event matching the filters, not only this page: quotes, "
    + "dry runs and swaps alike. `totals_by_type` splits it by status; only `executed` solves (succeeded on chain, not "
    + "test traffic) earn rebates.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: UsageQuery },
  responses: {
    200: {
      description: "A page of events",
      content: {
        "application/json": {
          schema: z.object({
            ok: z.literal(true),
            events: z.array(UsageEventSchema),
            total_volume_usd: z.number().openapi({ description: "Sum over all matching events (quotes, dry runs and swaps alike), rounded to cents" }),
            totals_by_type: UsageTotalsSchema,
            next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
          }),
        },
      },
    },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});
