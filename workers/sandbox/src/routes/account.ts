import type { OpenAPIHono } from "@hono/zod-openapi";
import { findAccount, getAccountRoute, toAccountResource, type AppEnv } from "@sluice/core";

/** The same route as production's: the account that owns the (sandbox) key. */
export const sandboxAccountRoute = { ...getAccountRoute, tags: ["Sandbox"], summary: "The account that owns the sandbox key" };

export function registerSandboxAccount<E extends AppEnv>(app: OpenAPIHono<E>) {
  app.openapi(sandboxAccountRoute, async (c) => {
    const account = await findAccount(c.get("services").db, c.get("auth").accountId);
    return c.json({ ok: true as const, account: toAccountResource(account) }, 200);
  });
}
