import { z } from "zod";

const port = (fallback: number) => z.string().optional().transform((v, ctx) => {
  if (v === undefined || v === "") return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) {
    ctx.addIssue({ code: "custom", message: `must be a port number, got ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return n;
});

/** The Node host's own settings (the areas' settings are the workers' schemas). */
export const nodeHostSettingsSchema = z.object({
  /** The address both servers listen on; default 127.0.0.1 (set 0.0.0.0 behind a proxy or in a container). */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** The public entry ({base_url}): every area behind the gateway; default 8787. */
  PORT: port(8787),
  /** The sandbox ({sandbox_url}); default 8788. */
  SANDBOX_PORT: port(8788),
  /**
   * How many reverse proxies of your own stand in front of the host (default 0: clients connect directly). With N,
   * the client's address is the one the outermost proxy added to `X-Forwarded-For` (its Nth entry from the right),
   * and the request's scheme and host are the proxy's `X-Forwarded-Proto` / `X-Forwarded-Host`: per-client limits
   * then count clients, not the proxy, and the pages accept forms posted to the public https origin. Never set it
   * without such proxies: a client could then pick its own address.
   */
  TRUSTED_PROXY_HOPS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return 0;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 10) {
      ctx.addIssue({ code: "custom", message: `must be a whole number from 0 to 10, got ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return n;
  }),
  /**
   * The bound on a stop (SIGTERM, SIGINT), from the signal: requests in flight, cron runs and background work get this
   * long together, then connections are closed and work still going is abandoned; default 10. A second signal stops
   * at once.
   */
  STOP_GRACE_SECONDS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return 10;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0 || n > 3_600) {
      ctx.addIssue({ code: "custom", message: `must be a number of seconds from 0 to 3600, got ${JSON.stringify(v)}` });
      return z.NEVER;
    }
    return n;
  }),
});

export type NodeHostSettings = z.infer<typeof nodeHostSettingsSchema>;
