import type { OpenAPIHono } from "@hono/zod-openapi";
import type { SandboxEnv } from "../sandboxEnv.js";

/**
 * `POST /api/v1/route` and `/api/v1/solve` go, untouched, to the sandbox deployment of the swap worker: the same
 * code and the same chains as production, so quotes and calldata are real. That deployment accepts only sandbox
 * keys, has no relayer keys (it cannot submit anything), forces every solve to a dry run and has no binding to the
 * usage recorder (it cannot record anything).
 */
export function registerForwardToSwap(app: OpenAPIHono<SandboxEnv>) {
  for (const path of ["/api/v1/route", "/api/v1/solve"]) {
    app.post(path, (c) => c.env.SWAP.fetch(c.req.raw));
  }
}
