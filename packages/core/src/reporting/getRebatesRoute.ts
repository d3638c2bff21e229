import { createRoute, z } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../http/openapi.js";
import { requireApiKey } from "../http/requireApiKey.js";
import { RebateSchema, RebatesQuery } from "./rebateResource.js";

/** `GET /api/v1/rebates`: the route definition production (the reporting worker) and the sandbox share. */
export const getRebatesRoute = createRoute({
  method: "get",
  path: "/api/v1/rebates",
  tags: ["Reporting"],
  summary: "The account's monthly rebate ledger, newest month first",
  description: "Months not settled yet are `accrued` and follow the volume as it arrives, at the current rates; " +
    "settlement, once the month has ended (UTC) and the deployment's grace period after it has passed (72 hours unless the operator sets `SETTLEMENT_GRACE_HOURS`), freezes them as `paid`.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { query: RebatesQuery },
  responses: {
    200: {
      description: "Ledger rows",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), rebates: z.array(RebateSchema) }) } },
    },
    ...errorResponses(["MALFORMED_REQUEST", ...authErrorCodes]),
  },
});
