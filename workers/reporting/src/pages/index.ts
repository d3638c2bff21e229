import type { OpenAPIHono } from "@hono/zod-openapi";
import { partnerPages } from "./partner/index.js";
import { operatorPages } from "./operator/index.js";
import type { ReportingEnv } from "../env.js";

/**
 * The browser pages: the partner dashboard (`/dashboard`) and the operator pages (`/admin`). Registered after the
 * APIs, so `/admin/v1/*` is answered by the admin API first.
 */
export function registerPages(app: OpenAPIHono<ReportingEnv>) {
  app.route("/dashboard", partnerPages() as never);
  app.route("/admin", operatorPages() as never);
}
