import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:net";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseRedisDatabase, type RedisDatabaseLease } from "@sluice/testkit";
import { REPO_ROOT } from "./startNodeHost.js";

// tsx's loader, found from the repository (the host runs in a folder of its own).
const tsx = pathToFileURL(createRequire(join(REPO_ROOT, "package.json")).resolve("tsx")).href;

type Run = { output: () => string; exited: Promise<number | null>; pid: number };

/** `pnpm start` as a process of its own group, in a folder without a .env, on free ports. */
function start(settings: Record<string, string>): Run {
  const child = spawn(process.execPath, ["--import", tsx, join(REPO_ROOT, "packages/node-host/src/cli.ts")], {
    cwd: mkdtempSync(join(tmpdir(), "sluice-node-host-")),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", SANDBOX_PORT: "0", ...settings },
    detached: true, stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on("data", (chunk: Buffer) => { output += chunk.toString(); });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { output: () => output, exited, pid: child.pid! };
}

async function ready(run: Run): Promise<{ url: string; sandboxUrl: string }> {
  const pattern = /Sluice ready on (http:\/\/\S+) \(sandbox (http:\/\/\S+)\)/;
  let stopped = false;
  void run.exited.then(() => { stopped = true; });
  while (!pattern.test(run.output())) {
    if (stopped) throw new Error(`the host exited before it was ready:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [, url, sandboxUrl] = run.output().match(pattern)!;
  return { url: url!, sandboxUrl: sandboxUrl! };
}

describe("pnpm start (the Node host's command)", () => {
  let lease: RedisDatabaseLease;
  beforeAll(async () => { lease = await leaseRedisDatabase(); });
  afterAll(async () => { await lease?.release(); });

  it("serves the public entry and the sandbox on 127.0.0.1 with the workers' answers, and stops cleanly on SIGTERM", async () => {
    const run = start({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/sluice_node_host_unused", REDIS_URL: lease.url, SLUICE_CRONS: "off",
      WEBHOOK_SIGNING_KEY: "0".repeat(64),
    });
    try {
      const { url, sandboxUrl } = await ready(run);
      expect(new URL(url).hostname).toBe("127.0.0.1");
      expect(new URL(sandboxUrl).hostname).toBe("127.0.0.1");
      const unknown = await fetch(`${url}/api/v1/nothing-here`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ ok: false });
      const noKey = await fetch(`${url}/api/v1/usage`);
      expect(noKey.status).toBe(401);
      expect(await noKey.json()).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
      // The /docs viewer script, prepared by the command itself (a fresh checkout has none; the host did not start).
      const viewer = await fetch(`${url}/docs/scalar.js`);
      expect(viewer.status).toBe(200);
      expect((await viewer.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
      const sandboxNoKey = await fetch(`${sandboxUrl}/api/v1/route`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(sandboxNoKey.status).toBe(401);
      process.kill(-run.pid, "SIGTERM");
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain("node host stopping");
    } finally {
      try { process.kill(-run.pid, "SIGKILL"); } catch { /* already gone */ }
    }
  });

  const settings = () => ({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/sluice_node_host_unused", REDIS_URL: lease.url, SLUICE_CRONS: "off", WEBHOOK_SIGNING_KEY: "0".repeat(64) });
  /** Connects and sends a request it never finishes: headers never ended, or a body shorter than its length. */
  const stall = async (url: string, request: string) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    socket.on("error", () => {});
    await once(socket, "connect");
    socket.write(request);
    return { closed: once(socket, "close").then(() => true), socket };
  };

  it("a stop is not held by a client that never finishes its request: after the grace period its connection is closed", async () => {
    const run = start({ ...settings(), STOP_GRACE_SECONDS: "1" });
    try {
      const { url, sandboxUrl } = await ready(run);
      const headers = await stall(url, "GET /health HTTP/1.1\r\nHost: x\r\n");
      const body = await stall(sandboxUrl, "POST /api/v1/route HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":");
      process.kill(-run.pid, "SIGTERM");
      // Before: the stop waited on both for good (Node stops enforcing its request timeouts once a server is closing).
      expect(await run.exited).toBe(0);
      expect(await headers.closed).toBe(true);
      body.socket.destroy();
    } finally {
      try { process.kill(-run.pid, "SIGKILL"); } catch { /* already gone */ }
    }
  });

  it("a second signal stops at once, whatever is in flight", async () => {
    const run = start({ ...settings(), STOP_GRACE_SECONDS: "3600" });
    try {
      const { url } = await ready(run);
      const stalled = await stall(url, "GET /health HTTP/1.1\r\nHost: x\r\n");
      process.kill(-run.pid, "SIGTERM");
      while (!run.output().includes("node host stopping")) await new Promise((resolve) => setTimeout(resolve, 50));
      process.kill(-run.pid, "SIGTERM");
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain("node host stopped at once");
      stalled.socket.destroy();
    } finally {
      try { process.kill(-run.pid, "SIGKILL"); } catch { /* already gone */ }
    }
  });

  it("behind a proxy of the operator's (TRUSTED_PROXY_HOPS=1) counts clients by the address the proxy forwarded, and the pages take the public https origin", async () => {
    const madeUpKey = () => ({ "X-Sluice-API-Key": randomBytes(20).toString("hex") });
    /** Made-up keys from one client, past its budget of lookups (AUTH_MISSES_PER_MINUTE=2): what the last answers. */
    const exhaust = async (url: string, from: Record<string, string>) => {
      let status = 0;
      for (let i = 0; i < 4; i++) status = (await fetch(`${url}/api/v1/usage`, { headers: { ...madeUpKey(), ...from } })).status;
      return status;
    };
    const proxied = start({ ...settings(), TRUSTED_PROXY_HOPS: "1", AUTH_MISSES_PER_MINUTE: "2" });
    try {
      const { url } = await ready(proxied);
      expect(await exhaust(url, { "X-Forwarded-For": "203.0.113.7" })).toBe(429);
      // Another client behind the same proxy is not refused for the first one's misses; a client writing its own
      // X-Forwarded-For entry in front of the proxy's is still counted by the proxy's.
      expect((await fetch(`${url}/api/v1/usage`, { headers: { ...madeUpKey(), "X-Forwarded-For": "198.51.100.9" } })).status).not.toBe(429);
      expect((await fetch(`${url}/api/v1/usage`, { headers: { ...madeUpKey(), "X-Forwarded-For": "198.51.100.10, 203.0.113.7" } })).status).toBe(429);
      // A form posted from the public origin the proxy serves is not refused for its Origin.
      const login = await fetch(`${url}/admin/login`, {
        method: "POST", redirect: "manual", body: "token=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://sluice.example", "X-Forwarded-For": "192.0.2.1", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "sluice.example" },
      });
      expect(await login.text()).not.toContain("Origin: forms are accepted only from");
    } finally {
      try { process.kill(-proxied.pid, "SIGKILL"); } catch { /* already gone */ }
    }
    // Without the setting every client is the proxy's connection (127.0.0.1 here), and forwarded headers are ignored.
    const direct = start({ ...settings(), AUTH_MISSES_PER_MINUTE: "2" });
    try {
      const { url } = await ready(direct);
      expect(await exhaust(url, { "X-Forwarded-For": "203.0.113.7" })).toBe(429);
      expect((await fetch(`${url}/api/v1/usage`, { headers: { ...madeUpKey(), "X-Forwarded-For": "198.51.100.9" } })).status).toBe(429);
    } finally {
      try { process.kill(-direct.pid, "SIGKILL"); } catch { /* already gone */ }
    }
  });

  it("refuses to start on a bad setting, naming it", async () => {
    const run = start({ DATABASE_URL: "postgres://127.0.0.1/x", REDIS_URL: "http://127.0.0.1:6379" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it("refuses to start without Redis settings, naming them", async () => {
    const run = start({ DATABASE_URL: "postgres://127.0.0.1/x" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/REDIS_REST_URL: required \(or REDIS_URL on the Node host\)/);
  });
});
