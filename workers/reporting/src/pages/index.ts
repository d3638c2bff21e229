import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "@sluice/core";
import { partnerPages } from "./partner/index.js";
import { operatorPages } from "./operator/index.js";

/**
 * The browser pages: the partner dashboard (`/dashboard`) and the operator pages (`/admin`). Registered after the
 * APIs, so `/admin/v1/*` is answered by the admin API first.
 */
export function registerPages(app: OpenAPIHono<AppEnv>) {
  app.route("/dashboard", partnerPages() as never);
  app.route("/admin", operatorPages() as never);
}
