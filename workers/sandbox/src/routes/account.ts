import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  AccountSchema, apiKeySecurity, authErrorCodes, errorResponses, findAccount, requireApiKey, toAccountResource, type AppEnv,
} from "@sluice/core";

export const sandboxAccountRoute = createRoute({
  method: "get",
  path: "/api/v1/account",
  tags: ["Sandbox"],
  summary: "The account that owns the sandbox key",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  responses: {
    200: { description: "The account", content: { "application/json": { schema: z.object({ ok: z.literal(true), account: AccountSchema }) } } },
    ...errorResponses(authErrorCodes),
  },
});

export function registerSandboxAccount<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxAccountRoute, async (c) => {
    const account = await findAccount(c.get("services").db, c.get("auth").accountId);
    return c.json({ ok: true as const, account: toAccountResource(account) }, 200);
  });
}
