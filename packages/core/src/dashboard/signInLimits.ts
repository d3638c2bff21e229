import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { AUTH_MISSES_PER_MINUTE, AUTH_WINDOW_MS } from "../auth/authenticateAndLimit.js";
import { createFallbackLimiter, type FallbackLimiter } from "../auth/createFallbackLimiter.js";
import { limitKeyRequests } from "../auth/limitKeyRequests.js";
import { SluiceError } from "../errors/SluiceError.js";

/**
 * What a sign-in may cost. Each sign-in writes a session that lives for hours, so a valid key (a sandbox key embedded
 * in a front-end is public) must not sign in without bound: a key's sign-ins are limited per minute (from one client,
 * and from all), and a client's per minute too (`clientBucket`, the deployment's AUTH_MISSES_PER_MINUTE); failed
 * operator sign-ins are charged to a budget of their own (`operatorSignInMisses`).
 */
export type SignInLimits = {
  /** Who is asking (`clientBucket` of the connecting address); without it only the per-key limit applies. */
  client?: string;
  /** The client's budget a minute (the deployment's AUTH_MISSES_PER_MINUTE; default `AUTH_MISSES_PER_MINUTE`). */
  missesPerMinute?: number;
  /** Counts in this isolate's memory while Redis cannot be reached (`IsolateCaches.authFallback`). */
  fallback?: FallbackLimiter;
  now?: number;
};

/**
 * Sign-ins one key may make a minute from one client: a person signs in a few times a day, a loop a thousand times a
 * minute. Counted per client so that whoever holds a public sandbox key cannot lock its partner out from elsewhere.
 */
export const SIGN_INS_PER_KEY_PER_MINUTE = 10;
/** Sign-ins one key may make a minute from all clients together: bounds the sessions a key can open from many addresses. */
export const SIGN_INS_PER_KEY_ALL_CLIENTS_PER_MINUTE = 60;

const retryAfter = (now: number) => String(Math.max(1, Math.ceil(((Math.floor(now / AUTH_WINDOW_MS) + 1) * AUTH_WINDOW_MS - now) / 1000)));

function tooMany(message: string, now: number): SluiceError {
  return new SluiceError("RATE_LIMITED", message, { headers: { "Retry-After": retryAfter(now) } });
}

/**
 * Counts one sign-in of a key in sliding one-minute windows (`limitKeyRequests`, under ids of their own so page
 * requests and sign-ins do not share a count): from this client, past `SIGN_INS_PER_KEY_PER_MINUTE`, and from all
 * clients, past `SIGN_INS_PER_KEY_ALL_CLIENTS_PER_MINUTE`, RATE_LIMITED with `Retry-After`.
 */
export async function limitKeySignIns(redis: Redis, keyId: string, limits: SignInLimits = {}): Promise<void> {
  const now = limits.now ?? Date.now();
  // Without the isolate's limiter (scripts, tests), one of this call's own: it matters only while Redis is down.
  const fallback = limits.fallback ?? createFallbackLimiter();
  const fromClient = await limitKeyRequests({ redis, keyId: `sign-in:${keyId}:${limits.client ?? "any"}`, perMinute: SIGN_INS_PER_KEY_PER_MINUTE, now, fallback });
  if (!fromClient.allowed) throw tooMany("sign-in: too many sign-ins with this key in the last minute; wait a minute and sign in again", now);
  const fromAll = await limitKeyRequests({ redis, keyId: `sign-in:${keyId}`, perMinute: SIGN_INS_PER_KEY_ALL_CLIENTS_PER_MINUTE, now, fallback });
  if (!fromAll.allowed) throw tooMany("sign-in: too many sign-ins with this key in the last minute; wait a minute and sign in again", now);
}

/** The per-client counters a sign-in is charged to: its failed operator sign-ins, or its partner sign-ins. */
export type ClientBudget = "operatorSignInMisses" | "dashboardSignIns";

const budgetKey = (budget: ClientBudget, client: string, now: number) => redisKeys[budget](client, Math.floor(now / AUTH_WINDOW_MS));
const budgetOf = (limits: SignInLimits) => limits.missesPerMinute ?? AUTH_MISSES_PER_MINUTE;
const TOO_MANY_FROM_CLIENT = "sign-in: too many sign-in attempts from this address; wait a minute and try again";

/**
 * Whether the client still has room in a budget of the minute (read only): a client past it is refused before its
 * secret is even compared, so guesses past the budget cannot succeed either. Redis unreachable: room (fails open, as
 * the budget of lookups does).
 */
export async function checkClientBudget(redis: Redis, budget: ClientBudget, limits: SignInLimits): Promise<void> {
  if (!limits.client) return;
  const now = limits.now ?? Date.now();
  const used = await redis.get<number>(budgetKey(budget, limits.client, now)).catch(() => null);
  if (Number(used ?? 0) >= budgetOf(limits)) throw tooMany(TOO_MANY_FROM_CLIENT, now);
}

/**
 * Charges one attempt to a budget of the client's minute (`missesPerMinute` each): `operatorSignInMisses` its failed
 * operator sign-ins, `dashboardSignIns` its partner sign-ins (both apart from the API's lookups of unknown keys, so that
 * made-up keys sent from a partner's address never lock a genuine key or the operator out). Past it, RATE_LIMITED
 * with `Retry-After`. Redis unreachable: not counted.
 */
export async function chargeClientBudget(redis: Redis, budget: ClientBudget, limits: SignInLimits): Promise<void> {
  if (!limits.client) return;
  const now = limits.now ?? Date.now();
  const key = budgetKey(budget, limits.client, now);
  const [used = 0] = await redis.pipeline().incr(key).pexpire(key, AUTH_WINDOW_MS + 1000).exec<[number, number]>().catch(() => [0]);
  if (used > budgetOf(limits)) throw tooMany(TOO_MANY_FROM_CLIENT, now);
}
