import { once } from "node:events";
import { existsSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { IncomingMessage, Server } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createTcpRedis } from "@sluice/core/node";
import { answerClientErrors } from "./answerClientErrors.js";
import { areaSettings } from "./areaSettings.js";
import { createExecutionContext } from "./createExecutionContext.js";
import { createWebhookFetch } from "./createWebhookFetch.js";
import { fetchBinding } from "./fetchBinding.js";
import { nodeHostAreas, type NodeHostArea } from "./nodeHostAreas.js";
import { readWranglerConfig, type WranglerConfig } from "./readWranglerConfig.js";
import { rpcBinding } from "./rpcBinding.js";
import { startCrons } from "./startCrons.js";
import { stopWithinGrace } from "./stopWithinGrace.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export type StartNodeHostParameters = {
  /** The settings, as the process environment (or a .env file) gives them. */
  settings: Record<string, string | undefined>;
  host: string;
  /** The public entry's port and the sandbox's (0: any free port). */
  port: number;
  sandboxPort: number;
  /**
   * The bound on `stop` (default 10 s, `STOP_GRACE_SECONDS`), measured from its start: requests in flight, cron runs
   * in progress and `waitUntil` work get this long together; then connections still open are closed and work still
   * going is abandoned (logged). A client that never finishes its request, or a webhook receiver that never answers,
   * would otherwise hold the stop for good.
   */
  stopGraceMs?: number;
  /** Reverse proxies of the operator's own in front of the host (`TRUSTED_PROXY_HOPS`; default 0). See `withClientAddress`. */
  trustedProxyHops?: number;
  /** Run the crons (default true; the test stack leaves them to its own ticker, as with wrangler dev). */
  crons?: boolean;
  log?: (line: string) => void;
};

export type StartNodeHostReturnType = {
  url: string;
  sandboxUrl: string;
  /**
   * Stops accepting requests (both servers) and the cron schedules at once, lets started work finish within
   * `stopGraceMs` (then abandons it, logged), then closes Redis.
   */
  stop: () => Promise<void>;
};

type Deployment = NodeHostArea & { wrangler: WranglerConfig; env: Record<string, unknown> };

/**
 * Every Sluice deployment in one Node process: each area gets the settings its `wrangler.toml` gives it (its
 * `[vars]`, and of the secrets only those it requires, so the sandbox's swap never sees relayer keys), validated by
 * the worker's own schema before anything listens; service bindings are in-process calls (fetch, or RPC with copied
 * arguments for the usage recorder); Redis is one TCP connection (`REDIS_URL`) handed to every area as `REDIS`, or
 * the Upstash REST settings as on Workers; Postgres is opened per request as on Workers. The areas that deliver
 * webhooks get `WEBHOOK_FETCH` (`createWebhookFetch`), which connects to public addresses only, as Workers' fetch does.
 */
export async function startNodeHost(params: StartNodeHostParameters): Promise<StartNodeHostReturnType> {
  const log = params.log ?? (() => {});
  const ctx = createExecutionContext();
  const deployments: Deployment[] = nodeHostAreas().map((area) => ({ ...area, wrangler: readWranglerConfig(REPO_ROOT, area.config), env: {} }));
  const anySecret = new Set(deployments.flatMap((d) => d.wrangler.secrets));
  const webhookFetches: Array<{ close: () => Promise<void> }> = [];
  for (const d of deployments) {
    Object.assign(d.env, areaSettings({ schema: d.schema, wrangler: d.wrangler, anySecret, settings: params.settings }));
    if (d.schema && "WEBHOOK_FETCH" in d.schema.shape) {
      // Webhooks connect to public addresses only, checked at connect time (Workers' own fetch does that there).
      const webhookFetch = createWebhookFetch({ allowLocalHttp: d.env.WEBHOOK_LOCAL_DEVELOPMENT === "true" });
      webhookFetches.push(webhookFetch);
      d.env.WEBHOOK_FETCH = webhookFetch;
    }
    const parsed = d.schema?.safeParse(d.env);
    if (parsed && !parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${d.wrangler.name} (${d.config}): ${issue.path.join(".") || "(settings)"}: ${issue.message}`);
    }
  }

  const tcp = params.settings.REDIS_URL ? createTcpRedis({ url: params.settings.REDIS_URL }) : undefined;
  const graceMs = params.stopGraceMs ?? STOP_GRACE_MS;
  const servers: ServerType[] = [];
  let crons: ReturnType<typeof startCrons> | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => stopping ??= (async () => {
    // Servers and crons first, all bounded by one grace; what uses Redis and the webhook agent has then ended or been
    // abandoned. The agent's connections are destroyed, not drained: an abandoned send must not hold the stop.
    await stopWithinGrace({ servers, crons, ctx, graceMs });
    await Promise.all(webhookFetches.map((f) => f.close()));
    await tcp?.close();
  })();
  if (tcp) {
    log(await tcp.ready(5_000) ? "redis      connected over TCP" : "redis      not reachable yet over TCP (requests degrade until it is)");
  } else {
    log("redis      Upstash REST (REDIS_REST_URL)");
  }

  try {
    const byName = new Map(deployments.map((d) => [d.wrangler.name, d]));
    for (const d of deployments) {
      if (tcp) d.env.REDIS = tcp.redis;
      for (const service of d.wrangler.services) {
        const target = byName.get(service.service);
        if (!target) throw new Error(`${d.wrangler.name}: service binding ${service.binding} names ${service.service}, which this host does not run`);
        if (service.entrypoint) {
          const entrypoint = target.entrypoints?.[service.entrypoint];
          if (!entrypoint) throw new Error(`${service.service} has no entrypoint ${service.entrypoint}`);
          d.env[service.binding] = rpcBinding(entrypoint(target.env, ctx));
        } else {
          d.env[service.binding] = fetchBinding((request) => target.fetch(request, target.env, ctx));
        }
      }
    }

    if (params.crons !== false) {
      crons = startCrons(deployments.filter((d) => d.scheduled && d.wrangler.crons.length).map((d) => ({
        name: d.wrangler.name, crons: d.wrangler.crons, run: async (controller) => d.scheduled!(controller, d.env, ctx),
      })));
    }

    const entry = deploymentOf(deployments, "wrangler.toml");
    const sandbox = deploymentOf(deployments, "workers/sandbox/wrangler.toml");
    const front = new Hono();
    // Static assets first, as Cloudflare serves them before the worker (the /docs viewer script). A deployment's
    // assets do not change while it runs: listed once, so a request for anything else costs no file-system lookup.
    if (entry.wrangler.assetsDirectory && !existsSync(entry.wrangler.assetsDirectory)) {
      log(`assets     none at ${relative(process.cwd(), entry.wrangler.assetsDirectory) || "."}: /docs loads without its viewer (pnpm start prepares them)`);
    } else if (entry.wrangler.assetsDirectory) {
      const root = entry.wrangler.assetsDirectory;
      const assets = new Set(readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile()).map((f) => `/${relative(root, join(f.parentPath, f.name)).split(sep).join("/")}`));
      const serveAsset = serveStatic({ root });
      front.get("*", (c, next) => (assets.has(c.req.path) ? serveAsset(c, next) : next()));
    }
    front.all("*", (c) => entry.fetch(c.req.raw, entry.env, ctx));
    const hops = params.trustedProxyHops ?? 0;
    const api = await listen(front.fetch, params.host, params.port, hops);
    servers.push(api.server);
    const sandboxServer = await listen((request) => sandbox.fetch(request, sandbox.env, ctx), params.host, params.sandboxPort, hops);
    servers.push(sandboxServer.server);
    log(`api        ${api.url}`);
    log(`sandbox    ${sandboxServer.url}`);
    return { url: api.url, sandboxUrl: sandboxServer.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function deploymentOf(deployments: Deployment[], config: string): Deployment {
  return deployments.find((d) => d.config === config)!;
}

async function listen(fetch: (request: Request) => Response | Promise<Response>, hostname: string, port: number, trustedProxyHops: number) {
  const server = serve({
    fetch: (request: Request, env: { incoming?: Pick<IncomingMessage, "socket"> }) => fetch(withClientAddress(request, env.incoming, trustedProxyHops)),
    hostname, port,
  });
  answerClientErrors(server as Server);
  await Promise.race([once(server, "listening"), once(server, "error").then(([error]) => { throw error; })]);
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return { server, url: `http://${host}:${address.port}` };
}

/** How long a stop lets requests in flight finish, by default (`stopGraceMs`). */
export const STOP_GRACE_MS = 10_000;

/**
 * The client's address as `CF-Connecting-IP`, as Cloudflare sets it in production: what per-client limits count by
 * (`clientBucket`). Whatever the client sent under that name is replaced, so it cannot pick its own bucket. Directly
 * (`trustedProxyHops` 0) it is the connecting address. Behind N proxies of the operator's own it is the address the
 * outermost one added to `X-Forwarded-For` (its Nth entry from the right: anything left of it the client may have
 * written), and the URL takes the proxy's `X-Forwarded-Proto` and `X-Forwarded-Host` (their last values), so the
 * pages see the public https origin the browser posts from. A request with fewer entries than proxies did not come
 * through them: it keeps its connecting address and URL.
 */
function withClientAddress(request: Request, incoming: Pick<IncomingMessage, "socket"> | undefined, trustedProxyHops: number): Request {
  const headers = new Headers(request.headers);
  let address = incoming?.socket.remoteAddress?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  let url = request.url;
  const forwarded = (name: string) => (headers.get(name) ?? "").split(",").map((v) => v.trim()).filter(Boolean);
  const chain = forwarded("x-forwarded-for");
  if (trustedProxyHops > 0 && chain.length >= trustedProxyHops) {
    address = chain[chain.length - trustedProxyHops]!.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
    const next = new URL(request.url);
    const proto = forwarded("x-forwarded-proto").at(-1);
    const host = forwarded("x-forwarded-host").at(-1);
    if (proto === "https" || proto === "http") next.protocol = `${proto}:`;
    if (host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) next.host = host;
    url = next.toString();
  }
  if (address) headers.set("cf-connecting-ip", address);
  else headers.delete("cf-connecting-ip");
  return new Request(url, { method: request.method, headers, body: request.body, duplex: "half", signal: request.signal } as RequestInit);
}
