import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  auditAdminRequest, csrfMatches, DASHBOARD_SESSION_SECONDS, DEFAULT_RATE_LIMIT_PER_MINUTE, endDashboardSession, limitKeyRequests, operatorSessionActor, readDashboardSession, randomToken, SluiceError,
  type DashboardSessionKind,
} from "@sluice/core";
import type { FormFields, PagesEnv } from "./pagesEnv.js";
import { seeOther } from "./render.js";

/**
 * Session cookies: `__Host-` names (Secure, Path=/, no Domain: no subdomain can set or read them), HttpOnly (no
 * script reads them), SameSite=Strict (no other site's page sends them), with an expiry. Browsers treat
 * http://localhost and http://127.0.0.1 as secure contexts, so the same cookies work on the local stack.
 */
export const SESSION_COOKIE: Record<DashboardSessionKind, string> = { partner: "__Host-sluice-partner", operator: "__Host-sluice-operator" };
/**
 * The sign-in forms' CSRF tokens (double-submit: the cookie and the form field must match), one per kind of sign-in
 * (`partner.<token>~operator.<token>`): with both sign-in pages open, loading one does not void the other's form.
 * One cookie of both rather than two, so its name (which clients of the forms read) stays what it was.
 */
export const SIGN_IN_COOKIE = "__Host-sluice-sign-in";
const SIGN_IN_SECONDS = 15 * 60;
const SIGN_IN_ENTRY = /^(partner|operator)\.([A-Za-z0-9_-]{43})$/;

const cookieOptions = { path: "/", secure: true, httpOnly: true, sameSite: "Strict" } as const;

export function setSessionCookie(c: Context, kind: DashboardSessionKind, token: string): void {
  setCookie(c, SESSION_COOKIE[kind], token, { ...cookieOptions, maxAge: DASHBOARD_SESSION_SECONDS[kind] });
}

export function clearSessionCookie(c: Context, kind: DashboardSessionKind): void {
  deleteCookie(c, SESSION_COOKIE[kind], cookieOptions);
}

export function sessionToken(c: Context, kind: DashboardSessionKind): string | undefined {
  return getCookie(c, SESSION_COOKIE[kind]);
}

/** The sign-in CSRF tokens the browser holds, by kind (entries of another shape are ignored). */
function signInTokens(c: Context): Partial<Record<DashboardSessionKind, string>> {
  const tokens: Partial<Record<DashboardSessionKind, string>> = {};
  for (const entry of (getCookie(c, SIGN_IN_COOKIE) ?? "").split("~")) {
    const match = SIGN_IN_ENTRY.exec(entry);
    if (match) tokens[match[1] as DashboardSessionKind] = match[2]!;
  }
  return tokens;
}

function writeSignInTokens(c: Context, tokens: Partial<Record<DashboardSessionKind, string>>): void {
  const value = Object.entries(tokens).map(([kind, token]) => `${kind}.${token}`).join("~");
  if (value) setCookie(c, SIGN_IN_COOKIE, value, { ...cookieOptions, maxAge: SIGN_IN_SECONDS });
  else deleteCookie(c, SIGN_IN_COOKIE, cookieOptions);
}

/** A fresh sign-in CSRF token of `kind`, set in the cookie beside the other kind's; the sign-in form carries the same value. */
export function issueSignInToken(c: Context, kind: DashboardSessionKind): string {
  const token = randomToken();
  writeSignInTokens(c, { ...signInTokens(c), [kind]: token });
  return token;
}

const loginPath: Record<DashboardSessionKind, string> = { partner: "/dashboard/login", operator: "/admin/login" };

/**
 * The page needs a live session of `kind`: without one a GET goes to the sign-in page and anything else is refused
 * (401). A POST must also carry the session's CSRF token in its form (403 otherwise) and, when the browser says
 * where the form came from (`Origin`), come from this site. A partner session's requests count under its key's rate
 * limit (the API's numbers; 429 with `Retry-After` past it): a sign-in is not eight hours of unlimited queries.
 */
export function requireSession(kind: DashboardSessionKind): MiddlewareHandler<PagesEnv> {
  return async (c, next) => {
    const { db, redis, caches } = c.get("services");
    const config = c.get("config");
    const session = await readDashboardSession({ db, redis, adminToken: config.ADMIN_TOKEN }, sessionToken(c, kind), kind);
    if (!session) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return seeOther(c, loginPath[kind]);
      throw new SluiceError("UNAUTHORIZED", "session: not signed in, or the session has ended; sign in again");
    }
    if (session.kind === "partner") {
      const limit = await limitKeyRequests({
        redis, keyId: session.keyId, fallback: caches.authFallback,
        perMinute: session.rateLimitPerMinute ?? config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE[session.environment],
      });
      if (!limit.allowed) {
        const retryAfter = Math.max(1, Math.ceil((limit.reset - Date.now()) / 1000));
        throw new SluiceError("RATE_LIMITED", "session: too many requests for this key; wait and reload", { headers: { "Retry-After": String(retryAfter) } });
      }
    }
    c.set(kind, session as never);
    if (c.req.method === "POST") {
      const form = await readForm(c);
      if (!(await csrfMatches(session.csrf, form.csrf))) {
        throw new SluiceError("FORBIDDEN", "csrf: the form's CSRF token is missing or does not match this session; reload the page and submit again");
      }
    }
    await next();
    // What an operator changes is recorded once answered (the audit trail), as the admin API's requests are.
    if (kind === "operator" && c.req.method === "POST") {
      await auditAdminRequest(c, { surface: "dashboard", actor: operatorSessionActor(sessionToken(c, kind)!), request: c.get("form") });
    }
  };
}

/** Reads a POSTed form once (url-encoded or multipart; file fields are ignored) and checks where it came from. */
export async function readForm(c: Context<PagesEnv>): Promise<FormFields> {
  const cached = c.get("form");
  if (cached) return cached;
  const origin = c.req.header("Origin");
  if (origin && origin !== "null" && origin !== new URL(c.req.url).origin) {
    throw new SluiceError("FORBIDDEN", `Origin: forms are accepted only from ${new URL(c.req.url).origin}`);
  }
  const type = c.req.header("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new SluiceError("MALFORMED_REQUEST", "Content-Type: must be a form (application/x-www-form-urlencoded)");
  }
  const body = await c.req.parseBody({ all: true });
  const form: FormFields = {};
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const strings = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
    if (strings.length === 0) continue;
    // A field sent more than once (checkboxes) reads as its last value, and in full through `readFormList`.
    form[name] = strings[strings.length - 1]!;
    lists[name] = strings;
  }
  c.set("form", form);
  c.set("formLists", lists);
  return form;
}

/** Every value of a form field sent more than once (checkboxes of one name); [] when absent. */
export async function readFormList(c: Context<PagesEnv>, name: string): Promise<string[]> {
  await readForm(c);
  return c.get("formLists")[name] ?? [];
}

/** Checks the sign-in form's CSRF field against the cookie's token of `kind`, which is then used up (the other kind's stays). */
export async function checkSignInToken(c: Context<PagesEnv>, form: FormFields, kind: DashboardSessionKind): Promise<void> {
  const tokens = signInTokens(c);
  const expected = tokens[kind];
  if (!expected || !(await csrfMatches(expected, form.csrf))) {
    throw new SluiceError("FORBIDDEN", "csrf: the sign-in form's CSRF token is missing or does not match; reload the sign-in page and try again");
  }
  delete tokens[kind];
  writeSignInTokens(c, tokens);
}

/**
 * Ends the session of `kind` the browser presented, if any, before a sign-in sets a new one: signing in again (another
 * key, or the same) leaves no earlier session alive behind the cookie it replaces.
 */
export async function endPresentedSession(c: Context<PagesEnv>, kind: DashboardSessionKind): Promise<void> {
  await endDashboardSession(c.get("services").redis, sessionToken(c, kind));
}
