import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorResponses, listAdminActions, requireAdminToken } from "@sluice/core";
import { adminSecurity } from "./schemas.js";
import type { ReportingEnv } from "../env.js";

const AdminActionSchema = z.object({
  id: z.string(),
  at: z.string().openapi({ description: "ISO 8601, UTC" }),
  surface: z.enum(["api", "dashboard", "cli"]),
  actor: z.string().openapi({ description: "`admin-token:<hash prefix>`, `operator-session:<hash prefix>` or `cli:<OS user>`", example: "admin-token:3f9a1c2e" }),
  action: z.string().openapi({ example: "PATCH /admin/v1/accounts/:account" }),
  target: z.record(z.string(), z.string()).openapi({ description: "The path parameters (account, key, month…)" }),
  request: z.record(z.string(), z.unknown()).nullable().openapi({ description: "The body, form or CLI arguments (`args`) as sent, secrets removed" }),
  status: z.number().int(),
  errorCode: z.string().nullable(),
}).openapi("AdminAction");

const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100).openapi({ description: "At most this many (1–500, default 100)" }),
  before: z.string().regex(/^adm_[0-9a-z]{20}$/, "must be an action id (adm_…)").optional()
    .openapi({ description: "Only actions older than this one: the previous page's last `id`" }),
}).strict();

export const auditRoute = createRoute({
  tags: ["Admin"], security: adminSecurity, middleware: [requireAdminToken()],
  method: "get", path: "/admin/v1/audit",
  summary: "What operators changed (admin API, operator pages, CLI), newest first",
  request: { query: AuditQuery },
  responses: {
    200: { description: "The audit trail's newest entries", content: { "application/json": { schema: z.object({ ok: z.literal(true), actions: z.array(AdminActionSchema) }) } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNAUTHORIZED", "DEPENDENCY_DOWN"]),
  },
});

export function registerAuditRoute(app: OpenAPIHono<ReportingEnv>) {
  app.openapi(auditRoute, async (c) => {
    const { limit, before } = c.req.valid("query");
    const rows = await listAdminActions(c.get("services").db, { limit, ...(before ? { before } : {}) });
    const actions = rows.map((row) => ({ ...row, at: row.at.toISOString(), request: (row.request ?? null) as Record<string, unknown> | null }));
    return c.json({ ok: true as const, actions }, 200);
  });
}
