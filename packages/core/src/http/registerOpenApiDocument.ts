import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env.js";
import { apiKeySecurityScheme } from "./openapi.js";

/**
 * Serves this worker's part of the OpenAPI document at `/openapi.json` (internal: the public entry merges every
 * area's part into `/api/v1/openapi.json`).
 */
export function registerOpenApiDocument<E extends AppEnv>(app: OpenAPIHono<E>, title: string) {
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", apiKeySecurityScheme);
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title, version: "1.0.0" },
  });
}
