import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponses, issueApiKey, IssueKeyBody, listApiKeys, requireAdminToken, revokeApiKey } from "@sluice/core";
import { AccountParam, AdminApiKeySchema, KeyParam, adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

const common = { tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()] };

export const issueKeyRoute = createRoute({
  ...common, method: "post", path: "/admin/v1/accounts/{account}/keys", summary: "Issue an API key (shown once)",
  request: { params: AccountParam, body: { required: true, content: { "application/json": { schema: IssueKeyBody } } } },
  responses: {
    200: { description: "The new key; `key` is never shown again", content: { "application/json": {
      schema: z.object({ ok: z.literal(true), key: z.string(), apiKey: AdminApiKeySchema }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "NOT_FOUND"]),
  },
});

export const listKeysRoute = createRoute({
  ...common, method: "get", path: "/admin/v1/accounts/{account}/keys", summary: "List an account's keys",
  request: { params: AccountParam },
  responses: {
    200: { description: "Keys, newest first", content: { "application/json": { schema: z.object({ ok: z.literal(true), keys: z.array(AdminApiKeySchema) }) } } },
    ...errorResponses(["UNAUTHORIZED", "NOT_FOUND"]),
  },
});

export const revokeKeyRoute = createRoute({
  ...common, method: "post", path: "/admin/v1/keys/{keyId}/revoke", summary: "Revoke a key; effective on the next request",
  request: { params: KeyParam },
  responses: {
    200: { description: "Revoked", content: { "application/json": { schema: z.object({ ok: z.literal(true), key: AdminApiKeySchema }) } } },
    ...errorResponses(["UNAUTHORIZED", "NOT_FOUND", "DEPENDENCY_DOWN"]),
  },
});

export function registerAdminKeyRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(issueKeyRoute, async (c) => {
    const { key, apiKey } = await issueApiKey(c.get("services").db, { account: c.req.valid("param").account, ...c.req.valid("json") });
    return c.json({ ok: true as const, key, apiKey: toJson(apiKey) }, 200);
  });
  app.openapi(listKeysRoute, async (c) => {
    const keys = await listApiKeys(c.get("services").db, c.req.valid("param").account);
    return c.json({ ok: true as const, keys: keys.map(toJson) }, 200);
  });
  app.openapi(revokeKeyRoute, async (c) => {
    const { db, redis } = c.get("services");
    return c.json({ ok: true as const, key: toJson(await revokeApiKey(db, redis, c.req.valid("param").keyId)) }, 200);
  });
}

function toJson<T extends { createdAt: Date; revokedAt: Date | null }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null };
}
