import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { chainNames, createChainClient, createSharedResult, parseChainConfig, type AppEnv, type Services } from "@sluice/core";

const CHECK_TIMEOUT_MS = 2_000;
/** How long this isolate reuses a health check's answer: a loop of keyless requests costs its dependencies one check per window. */
export const HEALTH_REUSE_MS = 5_000;

const DependencySchema = z.object({
  status: z.enum(["up", "down"]),
  latencyMs: z.number(),
  /** For chains: the latest block seen. */
  block: z.string().optional(),
});

export const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["Sandbox"],
  summary: "State of each dependency of the sandbox (no key needed)",
  responses: {
    200: { description: "Serving (`ok`, or `degraded` when some chain is unreachable)", content: { "application/json": { schema: z.object({
      ok: z.boolean(), status: z.enum(["ok", "degraded", "down"]),
      dependencies: z.object({ postgres: DependencySchema, redis: DependencySchema, chains: z.record(z.string(), DependencySchema) }),
    }) } } },
    503: { description: "Not serving: Postgres or Redis is down" },
  },
});

/**
 * Health of the sandbox's dependencies: Postgres, Redis and each configured chain's RPC, each probed with a short
 * timeout, in parallel. It names states only — never a URL, a host or a credential. Keyless, so its answer is kept
 * by the isolate for `HEALTH_REUSE_MS` and concurrent requests share one check: a loop of requests cannot load
 * the dependencies; a dependency going down (or back up) shows within that window.
 */
export function registerHealth<E extends AppEnv>(app: OpenAPIHono<E>, { reuseMs = HEALTH_REUSE_MS }: { reuseMs?: number } = {}) {
  // One per app, i.e. per isolate: the answer is reused for `reuseMs`, and concurrent requests share one check (each
  // waits on it a little longer than the check's own timeouts). Only the request that starts a check opens clients.
  const health = createSharedResult<HealthAnswer>({ reuseMs, waitMs: CHECK_TIMEOUT_MS + 1_000 });
  app.openapi(healthRoute, async (c) => {
    const body = await health.get(() => {
      const { db, redis } = c.get("services");
      return checkHealth({ db, redis, sluiceChains: c.get("config").SLUICE_CHAINS });
    });
    return c.json(body, body.status === "down" ? 503 as 200 : 200);
  });
}

type HealthAnswer = Awaited<ReturnType<typeof checkHealth>>;

/** One check of every dependency, in parallel, each within `CHECK_TIMEOUT_MS`. */
async function checkHealth({ db, redis, sluiceChains }: { db: Services["db"]; redis: Services["redis"]; sluiceChains: string | undefined }) {
  const config = safeChainConfig(sluiceChains);
  const [postgres, redisState, ...chainStates] = await Promise.all([
    probe(async () => { await db.execute(sql`select 1`); }),
    probe(async () => { await redis.ping(); }),
    ...chainNames.filter((name) => config[name]).map(async (name) => {
      let block: bigint | undefined;
      const state = await probe(async () => {
        block = await createChainClient({ chain: name, deployment: config[name]!, timeoutMs: CHECK_TIMEOUT_MS }).getBlockNumber();
      });
      return [name, { ...state, ...(block !== undefined ? { block: block.toString() } : {}) }] as const;
    }),
  ]);
  const chains = Object.fromEntries(chainStates);
  const storageUp = postgres.status === "up" && redisState.status === "up";
  const allChainsUp = chainStates.every(([, s]) => s.status === "up") && chainStates.length > 0;
  const status = !storageUp ? "down" : allChainsUp ? "ok" : "degraded";
  return { ok: status !== "down", status, dependencies: { postgres, redis: redisState, chains } } as const;
}

async function probe(check: () => Promise<void>): Promise<{ status: "up" | "down"; latencyMs: number }> {
  const started = Date.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS)),
    ]);
    return { status: "up", latencyMs: Date.now() - started };
  } catch {
    return { status: "down", latencyMs: Date.now() - started };
  }
}

function safeChainConfig(json: string | undefined) {
  try {
    return parseChainConfig(json);
  } catch {
    return {};
  }
}
