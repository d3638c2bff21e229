import type { MiddlewareHandler } from "hono";
import { AUTH_MISSES_PER_MINUTE, authenticateAndLimit } from "../auth/authenticateAndLimit.js";
import { clientBucket } from "../auth/clientBucket.js";
import { recordApiKeyUse } from "../auth/apiKeyLastUsed.js";
import { INVALID_KEY_MESSAGE } from "../errors/errorCodes.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { AppEnv } from "./env.js";

export const API_KEY_HEADER = "X-Sluice-API-Key";
/** How precisely "last used" follows a key's use: one write per key and isolate per this long. */
const KEY_USE_RESOLUTION_MS = 60_000;
/** Requests per minute of a key without its own limit, unless the deployment sets `RATE_LIMIT_PER_MINUTE`. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = { production: 600, sandbox: 300 } as const;

/**
 * Authenticates the `X-Sluice-API-Key` header for this deployment's environment and applies the key's
 * rate limit, in one Redis round trip for a cached key (`authenticateAndLimit`). Every refusal answers the same
 * message (interface §5.7): 401, or 429 with `Retry-After` and the `X-RateLimit-*` headers.
 */
export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const services = c.get("services");
    const { redis, time, caches } = services;
    const config = c.get("config");
    const environment = config.SLUICE_ENVIRONMENT;
    const lookupBudget = config.AUTH_MISSES_PER_MINUTE ?? AUTH_MISSES_PER_MINUTE;
    const checked = await time("auth", () => authenticateAndLimit({
      key: c.req.header(API_KEY_HEADER), environment, redis,
      // Opened only on a key-cache miss: building the database client costs CPU on every request that touches it.
      get db() { return services.db; },
      defaultPerMinute: config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE[environment],
      // Cloudflare sets the connecting address (a client cannot); the Node host sets it from the socket.
      client: clientBucket(c.req.header("cf-connecting-ip")), missesPerMinute: lookupBudget,
      // Redis unreachable: the same limits, counted in this isolate.
      fallback: caches.authFallback,
    }));
    if (!checked) throw new SluiceError("UNAUTHORIZED", INVALID_KEY_MESSAGE);
    const { limit } = checked;
    // Every 429 carries Retry-After and the X-RateLimit-* headers, whichever limit refused it. A client refused for its budget of
    // uncached-key lookups is told that budget: the limit it ran out of (no key is known yet to name another).
    const headers = {
      "X-RateLimit-Limit": String(checked.auth || limit.limit > 0 ? limit.limit : lookupBudget),
      "X-RateLimit-Remaining": String(Math.max(0, limit.remaining)),
      "X-RateLimit-Reset": String(Math.ceil(limit.reset / 1000)),
    };
    if (!checked.auth || !limit.allowed) {
      // A refused lookup: too many keys the cache does not hold from this client, none looked up until the window frees up.
      const retryAfter = Math.max(1, Math.ceil((limit.reset - Date.now()) / 1000));
      throw new SluiceError("RATE_LIMITED", INVALID_KEY_MESSAGE, { headers: { ...headers, "Retry-After": String(retryAfter) } });
    }
    const { auth } = checked;
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    c.set("auth", auth);
    // The dashboards' "last used": written after the answer, never delaying or failing the request, and at most once
    // a minute per key and isolate (a Redis command per request would cost more than the whole quote).
    const { background } = services;
    const now = Date.now();
    if (now - (caches.keyUses.get(auth.keyId) ?? 0) >= KEY_USE_RESOLUTION_MS) {
      caches.keyUses.set(auth.keyId, now);
      background(recordApiKeyUse(redis, auth.keyId, new Date(now)).catch(() => {}));
    }
    await next();
  };
}
