import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { apiKeySecurity, authErrorCodes, errorResponses, findAccount, requireApiKey, type AppEnv } from "@sluice/core";

export const AccountSchema = z.object({
  id: z.string().openapi({ example: "acc_4t3jdpv4veh55g0czq94" }),
  slug: z.string().openapi({ example: "acme" }),
  name: z.string().openapi({ example: "Acme Wallet" }),
  rebate_bps: z.number().int().openapi({ description: "Configured rebate rate in basis points", example: 15 }),
  rebate_active: z.boolean().openapi({ description: "Whether rebates are active" }),
}).openapi("Account");

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

export function registerGetAccount(app: OpenAPIHono<AppEnv>) {
  app.openapi(getAccountRoute, async (c) => {
    const account = await findAccount(c.get("services").db, c.get("auth").accountId);
    return c.json({
      ok: true as const,
      account: {
        id: account.id,
        slug: account.slug,
        name: account.name,
        rebate_bps: account.rebateBps,
        rebate_active: account.rebateActive,
      },
    }, 200);
  });
}
