import type { OpenAPIHono } from "@hono/zod-openapi";
import type { SandboxEnv } from "../sandboxEnv.js";
import { announceDryRun } from "./announceDryRun.js";

/**
 * `POST /api/v1/route` and `/api/v1/solve` go, untouched, to the sandbox deployment of the swap worker: the same
 * code and the same chains as production, so quotes and calldata are real. That deployment accepts only sandbox
 * keys, has no relayer keys (it cannot submit anything), forces every solve to a dry run and has no binding to the
 * usage recorder (it cannot record anything). A solve it answers is announced to the account's sandbox webhooks.
 */
export function registerForwardToSwap(app: OpenAPIHono<SandboxEnv>) {
  app.post("/api/v1/route", async (c) => writable(await c.env.SWAP.fetch(c.req.raw)));
  app.post("/api/v1/solve", async (c) => {
    const key = c.req.header("X-Sluice-API-Key");
    const response = await c.env.SWAP.fetch(c.req.raw);
    if (response.status === 200 && key) c.get("services").background(announceDryRun(c, key, response.clone()));
    return writable(response);
  });
}

/** A fetched answer's headers are immutable; this app's middleware adds its own (`Server-Timing`, the request id). */
function writable(response: Response): Response {
  return new Response(response.body, response);
}
