import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { createAccount, CreateAccountBody, errorResponses, findAccount, requireAdminToken, updateAccount, UpdateAccountBody } from "@sluice/core";
import { AccountParam, AdminAccountSchema, adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

const accountAnswer = { content: { "application/json": { schema: z.object({ ok: z.literal(true), account: AdminAccountSchema }) } } };
const common = { tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()] };

export const createAccountRoute = createRoute({
  ...common, method: "post", path: "/admin/v1/accounts", summary: "Create a partner account",
  request: { body: { required: true, content: { "application/json": { schema: CreateAccountBody } } } },
  responses: { 200: { description: "Created", ...accountAnswer }, ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "NOT_FOUND", "CONFLICT"]) },
});

export const getAccountRoute = createRoute({
  ...common, method: "get", path: "/admin/v1/accounts/{account}", summary: "Read an account",
  request: { params: AccountParam },
  responses: { 200: { description: "The account", ...accountAnswer }, ...errorResponses(["UNAUTHORIZED", "NOT_FOUND"]) },
});

export const updateAccountRoute = createRoute({
  ...common, method: "patch", path: "/admin/v1/accounts/{account}", summary: "Change an account's name, rates or referral",
  request: { params: AccountParam, body: { required: true, content: { "application/json": { schema: UpdateAccountBody } } } },
  responses: { 200: { description: "Updated", ...accountAnswer }, ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "NOT_FOUND"]) },
});

export function registerAdminAccountRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(createAccountRoute, async (c) =>
    c.json({ ok: true as const, account: toJson(await createAccount(c.get("services").db, c.req.valid("json"))) }, 200));
  app.openapi(getAccountRoute, async (c) =>
    c.json({ ok: true as const, account: toJson(await findAccount(c.get("services").db, c.req.valid("param").account)) }, 200));
  app.openapi(updateAccountRoute, async (c) =>
    c.json({ ok: true as const, account: toJson(await updateAccount(c.get("services").db, c.req.valid("param").account, c.req.valid("json"))) }, 200));
}

function toJson<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
