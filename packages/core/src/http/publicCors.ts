import { cors } from "hono/cors";

/**
 * CORS for the public API, so browser dApps can call Sluice directly: any origin (authentication is the API key, never
 * a cookie, so no credentials are allowed), preflight answered for every path, and the headers partners read exposed.
 * One definition for the public entry and the sandbox.
 */
export function publicCors() {
  return cors({
    origin: "*",
    allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
    allowHeaders: ["X-Sluice-API-Key", "Content-Type", "If-None-Match"],
    exposeHeaders: ["ETag", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"],
    maxAge: 86_400,
  });
}
