import type { Context } from "hono";
import { sha256, stringToBytes } from "viem";
import { toSluiceError } from "../errors/onError.js";
import type { AppEnv } from "../http/env.js";
import { recordAdminAction, type RecordAdminActionParameters } from "./recordAdminAction.js";

export type AuditAdminRequestParameters = {
  surface: RecordAdminActionParameters["surface"];
  /** Who, as far as the surface knows (`adminTokenActor`, `operatorSessionActor`). */
  actor: string;
  /** The request as the surface read it (a page's form); default: the body the route read, JSON or form. */
  request?: unknown;
};

/** Requests that change nothing are not recorded. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Records a state-changing admin request once it has been answered (`recordAdminAction`): its route, path parameters,
 * body (JSON or form, secrets removed), status and error code. Called by the admin surfaces' auth middleware after
 * the request is authenticated, so every route behind it is audited, also ones added later.
 */
export async function auditAdminRequest<E extends AppEnv>(c: Context<E>, { surface, actor, request }: AuditAdminRequestParameters): Promise<void> {
  if (READS.has(c.req.method)) return;
  await recordAdminAction((c as unknown as Context<AppEnv>).get("services").db, {
    surface, actor, action: `${c.req.method} ${c.req.routePath}`, target: c.req.param() as Record<string, string>,
    request: request ?? await readBody(c), status: c.res.status,
    // The failure's code as the error handlers classify it (a failure answered without throwing has none).
    errorCode: c.res.status >= 400 && c.error ? toSluiceError(c.error).code : undefined,
  });
}

/** The admin token's fingerprint: which token (before or after a rotation) acted, never the token. */
export function adminTokenActor(token: string): string {
  return `admin-token:${sha256(stringToBytes(token)).slice(2, 10)}`;
}

/** An operator page session's fingerprint: which sign-in acted (its cookie's hash prefix), never the cookie. */
export function operatorSessionActor(sessionToken: string): string {
  return `operator-session:${sha256(stringToBytes(sessionToken)).slice(2, 10)}`;
}

/** The body the route read (Hono keeps it), or undefined when there is none or it does not parse. */
async function readBody<E extends AppEnv>(c: Context<E>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) return await c.req.json();
    if (type.includes("form")) return await c.req.parseBody();
  } catch {
    return undefined;
  }
  return undefined;
}
