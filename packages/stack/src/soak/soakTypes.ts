import type { DevnetManifest } from "@sluice/devnet";

/** The running stack a soak drives (what `startStack` answers, or the test stack's `inject("stack")`). */
export type SoakTarget = {
  baseUrl: string;
  sandboxUrl: string;
  adminToken: string;
  databaseUrl: string;
  /** The workers' Redis (its REST bridge): the relayer repair's links from a replaced transaction to its replacements. */
  redisRestUrl: string;
  redisRestToken: string;
  manifest: DevnetManifest;
  /** The fault proxies' control (`startStack({ faultInjection: true })`). */
  faultsUrl: string;
};

/** One HTTP answer the load generator got (or did not get). */
export type SoakCall = {
  op: string;
  path: string;
  /**
   * The HTTP status, `timeout` (no answer within the generator's patience, well past the limit) or `error` (the
   * connection failed). An answer after the limit keeps its status; its times say it was late.
   */
  status: number | "timeout" | "error";
  /** The answer's `X-Request-Id` (to find its log lines). */
  requestId?: string;
  code?: string;
  /** A failure's message (kept for the report's 5xx list). */
  error?: string;
  startedAt: number;
  endedAt: number;
};

/** A dependency taken away at `from` and given back at `to` (ms since the soak started). */
export type SoakOutage = { target: string; from: number; to: number };
