import type { OpenAPIHono } from "@hono/zod-openapi";
import { findAccount, getAccountRoute, toAccountResource, type AppEnv } from "@sluice/core";

export function registerGetAccount(app: OpenAPIHono<AppEnv>) {
  app.openapi(getAccountRoute, async (c) => {
    const account = await findAccount(c.get("services").db, c.get("auth").accountId);
    return c.json({
      ok: true as const,
      account: toAccountResource(account),
    }, 200);
  });
}
