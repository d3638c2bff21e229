import type { MiddlewareHandler } from "hono";
import { authenticateApiKey } from "../auth/authenticateApiKey.js";
import { rateLimitApiKey } from "../auth/rateLimitApiKey.js";
import { recordApiKeyUse } from "../auth/apiKeyLastUsed.js";
import { INVALID_KEY_MESSAGE } from "../errors/errorCodes.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { AppEnv } from "./env.js";

export const API_KEY_HEADER = "X-Sluice-API-Key";
const DEFAULT_PER_MINUTE = { production: 600, sandbox: 300 } as const;

/**
 * Authenticates the `X-Sluice-API-Key` header for this deployment's environment and applies the key's
 * rate limit. Every refusal answers the same message (interface §5.7): 401, or 429 with `Retry-After`.
 */
export function requireApiKey(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, redis } = c.get("services");
    const config = c.get("config");
    const environment = config.SLUICE_ENVIRONMENT;
    const { time } = c.get("services");
    const auth = await time("auth", () => authenticateApiKey({ key: c.req.header(API_KEY_HEADER), environment, db, redis }));
    if (!auth) throw new SluiceError("UNAUTHORIZED", INVALID_KEY_MESSAGE);

    const perMinute = auth.rateLimitPerMinute
      ?? (config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_PER_MINUTE[environment]);
    const limit = await time("ratelimit", () => rateLimitApiKey({ redis, keyId: auth.keyId, perMinute }));
    const headers = {
      "X-RateLimit-Limit": String(limit.limit),
      "X-RateLimit-Remaining": String(Math.max(0, limit.remaining)),
      "X-RateLimit-Reset": String(Math.ceil(limit.reset / 1000)),
    };
    if (!limit.allowed) {
      const retryAfter = Math.max(1, Math.ceil((limit.reset - Date.now()) / 1000));
      throw new SluiceError("RATE_LIMITED", INVALID_KEY_MESSAGE, { headers: { ...headers, "Retry-After": String(retryAfter) } });
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    c.set("auth", auth);
    // The dashboards' "last used": written after the answer, never delaying or failing the request.
    c.get("services").background(recordApiKeyUse(redis, auth.keyId).catch(() => {}));
    await next();
  };
}
