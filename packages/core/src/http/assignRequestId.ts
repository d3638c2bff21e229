import type { MiddlewareHandler } from "hono";

/** What a client's `X-Request-Id` must look like to be logged (hono's `requestId` rule): a plain token, at most 255. */
const CLIENT_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * Gives each request an id of the worker's own (`requestId` in the context, every log line and the `X-Request-Id`
 * answer header). Hono's `requestId()` adopts a client's `X-Request-Id`, and the public entry and the sandbox pass
 * requests on unchanged, so a client could choose the id every area logs, or reuse another partner's to muddle an
 * investigation. No worker relies on receiving another's id (the gateway logs nothing and forwards no id of its own),
 * so each generates its own. A client's value, when it is a plain token, is kept as `clientRequestId` for the request
 * log line only: a partner can still quote its own id to support.
 */
export function assignRequestId(): MiddlewareHandler {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set("requestId", id);
    const sent = c.req.header("X-Request-Id");
    if (sent && CLIENT_REQUEST_ID.test(sent)) c.set("clientRequestId", sent);
    c.header("X-Request-Id", id);
    await next();
  };
}
