import type { MiddlewareHandler } from "hono";
import { adminTokenActor, auditAdminRequest } from "../audit/auditAdminRequest.js";
import { constantTimeEqual } from "../auth/constantTimeEqual.js";
import { SluiceError } from "../errors/SluiceError.js";
import type { AppEnv } from "./env.js";

/**
 * The operator's admin API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. Every state-changing
 * request it lets through is recorded once answered (`auditAdminRequest`: the audit trail).
 */
export function requireAdminToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const expected = c.get("config").ADMIN_TOKEN;
    // Strictly `Bearer <token>`: a bare token (or another scheme) is refused like a wrong one.
    const given = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1] ?? "";
    if (!expected || !(await constantTimeEqual(given, expected))) {
      throw new SluiceError("UNAUTHORIZED", "Invalid admin token");
    }
    await next();
    await auditAdminRequest(c, { surface: "api", actor: adminTokenActor(given) });
  };
}

