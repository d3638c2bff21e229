import type { OpenAPIHono } from "@hono/zod-openapi";
import type { SandboxEnv } from "../sandboxEnv.js";
import { announceDryRun } from "./announceDryRun.js";

/**
 * `POST /api/v1/route` and `/api/v1/solve` go, untouched, to the sandbox deployment of the swap worker: the same
 * code and the same chains as production, so quotes and calldata are real. That deployment accepts only sandbox
 * keys, has no relayer keys (it cannot submit anything), forces every solve to a dry run and has no binding to the
 * usage recorder (it cannot record anything). A solve it answers is announced to the account's sandbox webhooks.
 * The request carries the sandbox's own request id as `X-Request-Id` (the client's is replaced): the swap worker logs
 * it as `clientRequestId`, so the id the partner is answered finds both log lines. Plain routes here: the sandbox's
 * document takes their definitions from the swap deployment's own (`registerSandboxOpenApiDocument`).
 */
export function registerForwardToSwap(app: OpenAPIHono<SandboxEnv>) {
  app.post("/api/v1/route", async (c) => answer(await c.env.SWAP.fetch(withRequestId(c.req.raw, c.get("requestId"))), c.get("requestId")));
  app.post("/api/v1/solve", async (c) => {
    const key = c.req.header("X-Sluice-API-Key");
    const response = await c.env.SWAP.fetch(withRequestId(c.req.raw, c.get("requestId")));
    if (response.status === 200 && key) c.get("services").background(announceDryRun(c, key, response.clone()));
    return answer(response, c.get("requestId"));
  });
}

function withRequestId(request: Request, requestId: string): Request {
  const forwarded = new Request(request);
  forwarded.headers.set("X-Request-Id", requestId);
  return forwarded;
}

/**
 * The swap deployment's answer as the sandbox's: a fetched answer's headers are immutable (this app's middleware adds
 * its own, `Server-Timing`), and its `X-Request-Id` is the swap deployment's, which the sandbox's own replaces (the
 * swap's log line carries the sandbox's id as its `clientRequestId`, so the answered id finds both).
 */
function answer(response: Response, requestId: string): Response {
  const answered = new Response(response.body, response);
  answered.headers.set("X-Request-Id", requestId);
  return answered;
}
