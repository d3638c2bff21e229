import { createRoute, z } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses } from "../http/openapi.js";
import { requireApiKey } from "../http/requireApiKey.js";
import { AccountSchema } from "./accountResource.js";

/** `GET /api/v1/account`: the route definition production (the reporting worker) and the sandbox share. */
export const getAccountRoute = createRoute({
  method: "get",
  path: "/api/v1/account",
  tags: ["Reporting"],
  summary: "The account that owns the API key",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  responses: {
    200: {
      description: "The account",
      content: { "application/json": { schema: z.object({ ok: z.literal(true), account: AccountSchema }) } },
    },
    ...errorResponses(authErrorCodes),
  },
});
