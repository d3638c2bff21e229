/**
 * The sandbox's keyless `/health` costs its dependencies one check per isolate per `HEALTH_REUSE_MS`, however many
 * requests ask: counted with injected clients (Postgres, Redis) and a counting JSON-RPC node per chain.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv, Services } from "@sluice/core";
import { HEALTH_REUSE_MS, registerHealth } from "./health.js";

const chainsServed = ["ethereum", "base"] as const;

type Counts = { dbOpened: number; dbQueries: number; redisPings: number; blockNumbers: Record<string, number> };

/** A JSON-RPC node per chain that counts `eth_blockNumber` and can be taken down (it then drops each connection). */
async function startRpcNodes(counts: Counts) {
  const down = new Set<string>();
  const servers: Server[] = [];
  const urls: Record<string, string> = {};
  for (const chain of chainsServed) {
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => { body += chunk.toString(); });
      request.on("end", () => {
        if (down.has(chain)) return void request.socket.destroy();
        const calls = [JSON.parse(body)].flat() as { id: number; method: string }[];
        const answers = calls.map((call) => {
          if (call.method === "eth_blockNumber") counts.blockNumbers[chain] = (counts.blockNumbers[chain] ?? 0) + 1;
          return { jsonrpc: "2.0", id: call.id, result: "0x2a" };
        });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    urls[chain] = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  return {
    urls, down, close: () => Promise.all(servers.map((s) => new Promise<void>((resolve) => { s.closeAllConnections(); s.close(() => resolve()); }))),
  };
}

/** The health route on an app whose services are counting stand-ins (each request builds its own, lazily, as `services` does). */
function healthApp(counts: Counts, rpcUrls: Record<string, string>, state: { postgresUp: boolean; redisUp: boolean }, reuseMs?: number) {
  const app = new OpenAPIHono<AppEnv>();
  const sluiceChains = JSON.stringify(Object.fromEntries(chainsServed.map((chain) => [chain, { rpcUrl: rpcUrls[chain], executor: null, relayers: [] }])));
  app.use("*", async (c, next) => {
    c.set("config", { SLUICE_CHAINS: sluiceChains } as never);
    const services = {
      get db() {
        counts.dbOpened += 1;
        return { execute: async () => { counts.dbQueries += 1; await new Promise((r) => setTimeout(r, 20)); if (!state.postgresUp) throw new Error("down"); } };
      },
      get redis() {
        return { ping: async () => { counts.redisPings += 1; await new Promise((r) => setTimeout(r, 20)); if (!state.redisUp) throw new Error("down"); return "PONG"; } };
      },
    } as unknown as Services;
    c.set("services", services);
    await next();
  });
  registerHealth(app, reuseMs === undefined ? {} : { reuseMs });
  return app;
}

describe("GET {sandbox}/health reuses its check", () => {
  const counts: Counts = { dbOpened: 0, dbQueries: 0, redisPings: 0, blockNumbers: {} };
  let nodes: Awaited<ReturnType<typeof startRpcNodes>>;
  const reset = () => Object.assign(counts, { dbOpened: 0, dbQueries: 0, redisPings: 0, blockNumbers: {} });
  beforeAll(async () => { nodes = await startRpcNodes(counts); });
  afterAll(() => nodes.close());

  it("keeps its answer for about five seconds", () => {
    expect(HEALTH_REUSE_MS).toBeGreaterThanOrEqual(3_000);
    expect(HEALTH_REUSE_MS).toBeLessThanOrEqual(10_000);
  });

  it("50 concurrent requests cost one Postgres query, one Redis ping and one block number per chain", async () => {
    reset();
    const app = healthApp(counts, nodes.urls, { postgresUp: true, redisUp: true });
    const responses = await Promise.all(Array.from({ length: 50 }, () => app.request("/health")));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ status: string; dependencies: { chains: Record<string, { status: string; block?: string }> } }>));
    for (const body of bodies) {
      expect(body).toMatchObject({ ok: true, status: "ok", dependencies: { postgres: { status: "up" }, redis: { status: "up" },
        chains: { ethereum: { status: "up", block: "42" }, base: { status: "up", block: "42" } } } });
    }
    expect(counts).toEqual({ dbOpened: 1, dbQueries: 1, redisPings: 1, blockNumbers: { ethereum: 1, base: 1 } });
    // And a loop of requests within the window costs nothing more.
    for (let i = 0; i < 20; i++) expect((await app.request("/health")).status).toBe(200);
    expect(counts).toEqual({ dbOpened: 1, dbQueries: 1, redisPings: 1, blockNumbers: { ethereum: 1, base: 1 } });
  });

  it("a dependency going down shows once the reuse window has passed (503 for storage, degraded for a chain), and so does its return", async () => {
    reset();
    const reuseMs = 400;
    const state = { postgresUp: true, redisUp: true };
    const app = healthApp(counts, nodes.urls, state, reuseMs);
    const ask = async () => { const r = await app.request("/health"); return { status: r.status, body: await r.json() as Record<string, any> }; };
    expect((await ask()).status).toBe(200);

    state.postgresUp = false;
    expect((await ask()).body.status).toBe("ok"); // within the window: the kept answer
    await new Promise((r) => setTimeout(r, reuseMs + 50));
    const down = await ask();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, status: "down", dependencies: { postgres: { status: "down" }, redis: { status: "up" } } });

    state.postgresUp = true;
    nodes.down.add("base");
    try {
      await new Promise((r) => setTimeout(r, reuseMs + 50));
      const degraded = await ask();
      expect(degraded.status).toBe(200);
      expect(degraded.body).toMatchObject({ ok: true, status: "degraded", dependencies: { chains: { base: { status: "down" }, ethereum: { status: "up" } } } });
    } finally {
      nodes.down.delete("base");
    }
    await new Promise((r) => setTimeout(r, reuseMs + 50));
    expect((await ask()).body.status).toBe("ok");
    expect(counts.dbQueries).toBe(4);
  });
});
