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
});

export type NodeHostSettings = z.infer<typeof nodeHostSettingsSchema>;
