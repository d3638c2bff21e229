/**
 * The package as it would be published: `pnpm pack` (which builds it with tsup) gives a tarball whose ESM and
 * CommonJS entry points load in Node and work, whose type declarations serve both `import` and `require` consumers,
 * whose `sluice` bin runs, and whose library bundle uses nothing Node-only.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_VERSION } from "./version.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
let work: string;
let installed: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "sluice-sdk-pack-"));
  const pack = spawnSync("pnpm", ["pack", "--pack-destination", work], { cwd: packageDir, encoding: "utf8", timeout: 170_000 });
  expect(pack.status, `${pack.stdout}\n${pack.stderr}`).toBe(0);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"))!;
  // A consumer's node_modules: the unpacked package and its peer dependency.
  installed = join(work, "node_modules/@sluice/sdk");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["xzf", join(work, tarball), "-C", installed, "--strip-components=1"]);
  symlinkSync(realpathSync(join(packageDir, "node_modules/viem")), join(work, "node_modules/viem"));
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: work, encoding: "utf8", timeout: 60_000 });

describe("the published @sluice/sdk", () => {
  it("has the version, the files, exports for import and require, the bin, and viem only as a peer", () => {
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(manifest.version).toBe(source.version);
    expect(SDK_VERSION).toBe(source.version);
    expect(manifest.exports["."].import.default).toBe("./dist/index.js");
    expect(manifest.exports["."].require.default).toBe("./dist/index.cjs");
    expect(manifest.bin.sluice).toBe("./dist/cli.js");
    expect(manifest.peerDependencies.viem).toBeDefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const file of ["README.md", "CHANGELOG.md", "dist/index.js", "dist/index.cjs", "dist/index.d.ts", "dist/index.d.cts", "dist/cli.js"]) {
      expect(() => readFileSync(join(installed, file)), file).not.toThrow();
    }
    expect(readFileSync(join(installed, "dist/cli.js"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  // Each entry point verifies a webhook signed here with Node's HMAC: the loaded code works, not only loads.
  const t = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id: "evt_1", type: "swap.executed" });
  const signature = `t=${t},v1=${createHmac("sha256", "s3cret").update(`${t}.${body}`).digest("hex")}`;
  const probe = (load: string) => `${load}
    const names = ["createSluiceClient", "verifyWebhook", "SluiceApiError", "isSluiceApiError", "signRoutePermit", "chainIds"];
    const missing = names.filter((n) => !(n in sdk));
    if (missing.length) throw new Error("missing " + missing);
    const client = sdk.createSluiceClient({ baseUrl: "http://127.0.0.1:9", apiKey: "0".repeat(40) });
    if (typeof client.bridge.waitForFill !== "function" || typeof client.usage().pages !== "function") throw new Error("client shape");
    sdk.verifyWebhook("s3cret", { "x-sluice-signature": ${JSON.stringify(signature)} }, ${JSON.stringify(body)})
      .then((event) => console.log("verified " + event.id + " " + (new sdk.SluiceApiError({ message: "m", code: "NO_ROUTE", status: 422, request: "r" }) instanceof Error)));`;

  it("loads and works as ESM (import)", () => {
    const run = node(["--input-type=module", "-e", probe(`const sdk = await import("@sluice/sdk");`)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe("verified evt_1 true");
  });

  it("loads and works as CommonJS (require)", () => {
    const run = node(["--input-type=commonjs", "-e", probe(`const sdk = require("@sluice/sdk");`)]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe("verified evt_1 true");
  });

  it("its declarations type an ESM and a CommonJS consumer, and catch a wrong call", () => {
    const consumer = `
      import { createSluiceClient, isSluiceApiError, type SwapResult, type UsageEvent } from "@sluice/sdk";
      const sluice = createSluiceClient({ baseUrl: "https://example.invalid", apiKey: "k" });
      export async function f(r: SwapResult): Promise<string | undefined> {
        const q = await sluice.quote({ from: "USDC", to: "WETH", amount: "1", chain: "base" });
        for await (const e of sluice.usage({ period: "2026-11" })) { const x: UsageEvent["status"] = e.status; void x; }
        try { await sluice.account(); } catch (e) { if (isSluiceApiError(e, "RATE_LIMITED")) return String(e.retryAfter); }
        return r.status === "executed" ? r.txHash : q.quote.amountOut;
      }`;
    writeFileSync(join(work, "consumer.mts"), consumer);
    writeFileSync(join(work, "consumer.cts"), `import sdk = require("@sluice/sdk");\nexport const client: sdk.SluiceClient = sdk.createSluiceClient({ baseUrl: "x", apiKey: "k" });\n`);
    writeFileSync(join(work, "wrong.mts"), `import { createSluiceClient } from "@sluice/sdk";\ncreateSluiceClient({ baseUrl: "x", apiKey: "k" }).quote({ from: "USDC", to: "WETH", amount: "1", chain: "solana" });\n`);
    const tsc = (files: string[]) => {
      writeFileSync(join(work, "tsconfig.json"), JSON.stringify({
        compilerOptions: { noEmit: true, strict: true, module: "node16", moduleResolution: "node16", target: "es2022", lib: ["es2022", "dom"], types: [], skipLibCheck: true },
        files,
      }));
      return spawnSync(process.execPath, [join(packageDir, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], { cwd: work, encoding: "utf8", timeout: 120_000 });
    };
    const good = tsc(["consumer.mts", "consumer.cts"]);
    expect(good.status, good.stdout).toBe(0);
    const wrong = tsc(["wrong.mts"]);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stdout).toMatch(/"solana"/);
  }, 120_000);

  it("runs the sluice bin", () => {
    expect(node([join(installed, "dist/cli.js"), "--version"]).stdout.trim()).toBe(source.version);
    const help = node([join(installed, "dist/cli.js"), "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("sluice quote <amount> <from> <to> --chain");
    const noKey = spawnSync(process.execPath, [join(installed, "dist/cli.js"), "account"], { cwd: work, encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain("SLUICE_API_KEY is not set");
  });

  it("the library bundle needs nothing Node-only (no node: modules, no process, no Buffer)", () => {
    const dist = join(installed, "dist");
    const library = readdirSync(dist).filter((f) => /^(index|chunk-).*\.(c?js)$/.test(f) && !f.endsWith(".map"));
    expect(library.length).toBeGreaterThanOrEqual(2);
    for (const file of library) {
      const code = readFileSync(join(dist, file), "utf8");
      expect(code, file).not.toMatch(/from ["']node:|require\(["']node:|\bprocess\.|\bBuffer\b|require\(["'](crypto|fs|http|https|path|os)["']\)/);
      expect([...code.matchAll(/(?:from |require\()["']([^"'.][^"']*)["']/g)].map((m) => m[1]).every((m) => m === "viem"), file).toBe(true);
    }
  });
});
