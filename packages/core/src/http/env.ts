import type { SluiceConfig } from "../config/sluiceConfigSchema.js";
import type { Database } from "../db/createDb.js";
import type { Redis } from "../redis/createRedis.js";
import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";
import type { ChainName } from "../chains/chains.js";
import type { RequestChain } from "./createRequestChain.js";
import type { TimeStage } from "./timeStage.js";
import type { IsolateCaches } from "./isolateCaches.js";

/** The per-request services, built lazily once per request and read from the context. */
export type Services = {
  readonly db: Database;
  readonly redis: Redis;
  /** What this isolate keeps between requests. */
  readonly caches: IsolateCaches;
  /** Times one stage of the request into the answer's `Server-Timing` header. */
  time: TimeStage;
  /** Keeps work running after the answer is sent (the execution context's `waitUntil`); failures are logged. */
  background(work: Promise<unknown>): void;
  /** A chain's deployment, viem client and graph source; UNSUPPORTED_CHAIN when this deployment does not serve it. */
  chain(name: ChainName): RequestChain;
  /** The same, or undefined when this deployment does not serve the chain (by name or chain id). */
  servedChain(nameOrId: ChainName | number): RequestChain | undefined;
};

export type AppVariables = {
  services: Services;
  /** Set by `requireApiKey` on authenticated routes. */
  auth: AuthenticatedKey;
  /** This request's id, the worker's own (`assignRequestId`). */
  requestId: string;
  /** The `X-Request-Id` the client sent, for the request log line only (never the request's id). */
  clientRequestId?: string;
  /** Fields every failure of the route carries (set by `failureFields`, merged by `onError`). */
  failureFields?: () => Record<string, unknown>;
  /** The route's bound on each query when not a request's (`longQueries`); read when the database first opens. */
  queryTimeoutMs?: number;
};

/**
 * A worker's Hono environment: its parsed configuration `C` (in `c.get("config")`) and its non-string bindings `B`
 * (service bindings, Analytics Engine …) in `c.env`.
 */
export type AppEnv<C extends SluiceConfig = SluiceConfig, B extends object = object> = {
  Bindings: B;
  Variables: AppVariables & { config: C };
};
