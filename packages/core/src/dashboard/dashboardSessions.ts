import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { apiKeys } from "../db/schema/index.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { authenticateApiKey } from "../auth/authenticateApiKey.js";
import { constantTimeEqual } from "../auth/constantTimeEqual.js";
import { chargeClientBudget, checkClientBudget, limitKeySignIns, type SignInLimits } from "./signInLimits.js";

/**
 * Browser sessions of the partner dashboard (signed in with an API key) and the operator pages (signed in with the
 * admin token). The browser holds only a random session token in an HttpOnly cookie; Redis holds, under the token's
 * SHA-256, what the session is for and its CSRF token. Neither the API key nor the admin token is ever stored (an
 * operator session keeps a fingerprint of the admin token bound to the session's own token, to end when it changes).
 */
export type PartnerSession = {
  kind: "partner";
  accountId: string;
  /** The key signed in with: the session ends when it is revoked. */
  keyId: string;
  /** A sandbox key signs in to the sandbox view. */
  environment: "production" | "sandbox";
  csrf: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /**
   * The key's own requests per minute (null: the deployment's default), read with the revocation check on every
   * request (`readDashboardSession`), never stored: the session's pages count under the key's limit.
   */
  rateLimitPerMinute?: number | null;
};
export type OperatorSession = {
  kind: "operator";
  /**
   * A fingerprint of the admin token signed in with (`adminTokenFingerprint`, never the token): the session ends when
   * the deployment's ADMIN_TOKEN is changed or removed.
   */
  adminToken: string;
  csrf: string;
  expiresAt: number;
};
export type DashboardSession = PartnerSession | OperatorSession;
export type DashboardSessionKind = DashboardSession["kind"];

/** How long a session lasts from sign-in (the cookie's Max-Age and the Redis entry's TTL). */
export const DASHBOARD_SESSION_SECONDS: Record<DashboardSessionKind, number> = { partner: 8 * 3600, operator: 3600 };

/** 32 random bytes, base64url: session tokens and CSRF tokens. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type NewSession = Omit<PartnerSession, "csrf" | "expiresAt"> | Omit<OperatorSession, "csrf" | "expiresAt">;

async function createSession(redis: Redis, fields: NewSession, token = randomToken(), now = Date.now()): Promise<{ token: string; session: DashboardSession }> {
  const seconds = DASHBOARD_SESSION_SECONDS[fields.kind];
  const session = { ...fields, csrf: randomToken(), expiresAt: now + seconds * 1000 } as DashboardSession;
  await redis.set(redisKeys.dashboardSession(await sha256Hex(token)), session, { ex: seconds });
  return { token, session };
}

/**
 * Exchanges an API key (either environment) for a partner session; null when the key is refused (any reason). `client`
 * (`clientBucket` of the address) bounds the Postgres lookups of keys the cache does not hold as the API's
 * authentication does: past `missesPerMinute` a minute, RATE_LIMITED. A key accepted still signs in at most
 * `SIGN_INS_PER_KEY_PER_MINUTE` times a minute, and a client at most `missesPerMinute` times (RATE_LIMITED past
 * either, no session written): each sign-in is a session kept for hours.
 */
export async function signInWithApiKey(
  { db, redis }: { db: Database; redis: Redis }, key: string | undefined, limits: SignInLimits = {},
): Promise<{ token: string; session: PartnerSession } | null> {
  const auth = await authenticateApiKey({ key, environment: "any", db, redis, client: limits.client, missesPerMinute: limits.missesPerMinute, now: limits.now });
  if (!auth) return null;
  await chargeClientBudget(redis, "dashboardSignIns", limits);
  await limitKeySignIns(redis, auth.keyId, limits);
  const created = await createSession(redis, { kind: "partner", accountId: auth.accountId, keyId: auth.keyId, environment: auth.environment });
  return created as { token: string; session: PartnerSession };
}

/**
 * Exchanges the admin token for an operator session; null when it is wrong or the deployment has none. With `client`,
 * each failure is charged to the client's budget of failed operator sign-ins (`operatorSignInMisses`, `missesPerMinute`
 * a minute; its own, so that a partner integration's unknown keys from the same address never lock the operator out):
 * past it RATE_LIMITED, and the token is not even compared until the minute is over.
 */
export async function signInOperator(
  redis: Redis, given: string | undefined, expected: string | undefined, limits: SignInLimits = {},
): Promise<{ token: string; session: OperatorSession } | null> {
  await checkClientBudget(redis, "operatorSignInMisses", limits);
  if (!expected || !given || !(await constantTimeEqual(given, expected))) {
    await chargeClientBudget(redis, "operatorSignInMisses", limits);
    return null;
  }
  const token = randomToken();
  const adminToken = await adminTokenFingerprint(token, expected);
  return (await createSession(redis, { kind: "operator", adminToken }, token)) as { token: string; session: OperatorSession };
}

/**
 * What an operator session keeps of the admin token: a SHA-256 of it with the session's own token (which Redis does
 * not hold), so what Redis holds cannot be tried against guesses of the admin token.
 */
const adminTokenFingerprint = (sessionToken: string, adminToken: string) => sha256Hex(`sluice:operator-session:${sessionToken}:${adminToken}`);

/**
 * The live session a cookie names, of the expected kind; null when there is none, it expired, (partner) the key it
 * was signed in with has been revoked since, or (operator) `adminToken`, the deployment's ADMIN_TOKEN, is not the
 * one it was signed in with (changed, or removed).
 */
export async function readDashboardSession<K extends DashboardSessionKind>(
  { db, redis, adminToken }: { db: Database; redis: Redis; adminToken?: string }, token: string | undefined, kind: K,
): Promise<Extract<DashboardSession, { kind: K }> | null> {
  if (!token || !TOKEN.test(token)) return null;
  const session = await redis.get<DashboardSession>(redisKeys.dashboardSession(await sha256Hex(token)));
  if (!session || session.kind !== kind || session.expiresAt <= Date.now()) return null;
  if (session.kind === "operator") {
    if (!adminToken || typeof session.adminToken !== "string") return null;
    if (!(await constantTimeEqual(session.adminToken, await adminTokenFingerprint(token, adminToken)))) return null;
  }
  if (session.kind === "partner") {
    const [key] = await db.select({ id: apiKeys.id, rateLimitPerMinute: apiKeys.rateLimitPerMinute }).from(apiKeys)
      .where(and(eq(apiKeys.id, session.keyId), eq(apiKeys.accountId, session.accountId), isNull(apiKeys.revokedAt))).limit(1);
    if (!key) return null;
    return { ...session, rateLimitPerMinute: key.rateLimitPerMinute } as Extract<DashboardSession, { kind: K }>;
  }
  return session as Extract<DashboardSession, { kind: K }>;
}

/** Ends a session (sign-out). Unknown tokens are ignored. */
export async function endDashboardSession(redis: Redis, token: string | undefined): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  await redis.del(redisKeys.dashboardSession(await sha256Hex(token)));
}

/** Whether a form's CSRF field carries the session's token. */
export async function csrfMatches(expected: string, given: unknown): Promise<boolean> {
  return typeof given === "string" && given.length > 0 && constantTimeEqual(given, expected);
}
