import { spawn } from "node:child_process";
import { once } from "node:events";
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
      const sandboxNoKey = await fetch(`${sandboxUrl}/api/v1/route`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(sandboxNoKey.status).toBe(401);
      process.kill(-run.pid, "SIGTERM");
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain("node host stopping");
    } finally {
      try { process.kill(-run.pid, "SIGKILL"); } catch { /* already gone */ }
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
