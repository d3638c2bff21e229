import type { OpenAPIHono } from "@hono/zod-openapi";
import { findAccount, getAccountRoute, toAccountResource } from "@sluice/core";
import type { ReportingEnv } from "../env.js";

export function registerGetAccount(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(getAccountRoute, async (c) => {
    const account = await findAccount(c.get("services").db, c.get("auth").accountId);
    return c.json({
      ok: true as const,
      account: toAccountResource(account),
    }, 200);
  });
}
