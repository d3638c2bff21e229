import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { SluiceError } from "../errors/SluiceError.js";

/** The largest request body an endpoint accepts: Sluice's requests are a few KB (a permit and its signature, a form). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** The admin API's: a token list imported whole (`/admin/v1/token-quality/import`) can be several MB. */
export const MAX_ADMIN_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Refuses a body past the limit (MALFORMED_REQUEST naming it) before anything reads it: by `Content-Length` when
 * given, else by counting a streamed body up to the limit (Hono's `bodyLimit`). Cloudflare stops bodies at 100 MB;
 * the Node host has no limit of its own, and a form or JSON body is read whole, so an unauthenticated 200 MB post to
 * a sign-in page took about three times its size in memory there.
 */
export function limitRequestBody(): MiddlewareHandler {
  const limit = (maxSize: number) => bodyLimit({
    maxSize,
    onError: () => {
      // Answered before the rest of the body is read: the connection cannot carry another request (the Node host
      // drops it), so the client is told to open a new one rather than fail its next request on this one.
      throw new SluiceError("MALFORMED_REQUEST", `body: larger than ${maxSize / (1024 * 1024)} MB, the most this endpoint accepts`, { headers: { Connection: "close" } });
    },
  });
  const standard = limit(MAX_BODY_BYTES);
  const admin = limit(MAX_ADMIN_BODY_BYTES);
  return (c, next) => (c.req.path.startsWith("/admin/v1/") ? admin : standard)(c, next);
}
