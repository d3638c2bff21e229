import type { OpenAPIHono } from "@hono/zod-openapi";
import { registerAdminAccountRoutes } from "./accountRoutes.js";
import { registerAuditRoute } from "./auditRoute.js";
import { registerDeadLetterRoutes } from "./deadLetterRoutes.js";
import { registerIndexStatusRoute } from "./indexStatusRoute.js";
import { registerAdminKeyRoutes } from "./keyRoutes.js";
import { registerMarkTest } from "./markTestRoute.js";
import { registerSettlementRoutes } from "./settlementRoutes.js";
import { registerTokenQualityRoutes } from "./tokenQualityRoutes.js";
import type { ReportingEnv } from "../env.js";

/** The operator's admin API (`/admin/v1/*`, bearer ADMIN_TOKEN). The `pnpm admin` CLI runs the same operations. */
export function registerAdminRoutes(app: OpenAPIHono<ReportingEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "AdminToken", { type: "http", scheme: "bearer" });
  registerAdminAccountRoutes(app);
  registerAdminKeyRoutes(app);
  registerMarkTest(app);
  registerSettlementRoutes(app);
  registerDeadLetterRoutes(app);
  registerTokenQualityRoutes(app);
  registerIndexStatusRoute(app);
  registerAuditRoute(app);
}
