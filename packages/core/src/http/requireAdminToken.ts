import type { MiddlewareHandler } from "hono";
import { SluiceError } from "../errors/SluiceError.js";
import type { AppEnv } from "./env.js";

/** The operator's admin API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.get("config").ADMIN_TOKEN;
    // Strictly `Bearer <token>`: a bare token (or another scheme) is refused like a wrong one.
    const given = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1] ?? "";
    if (!expected || !(await constantTimeEqual(given, expected))) {
      throw new SluiceError("UNAUTHORIZED", "Invalid admin token");
    }
    await next();
  };
}

async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}
