/**
 * The `sluice` CLI as published (built by tsup, run with node) against the stack: `quote` and `usage` print what the
 * API answers, `--json` prints the API's JSON, failures exit 1 with the code, bad usage exits 2.
 */
import { execFile, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, createPartner, newUser, walletOf, type Partner } from "@sluice/testkit";
import { createSluiceClient } from "@sluice/sdk";

const sdkDir = join(dirname(fileURLToPath(import.meta.url)), "../../packages/sdk");
// Inside the package's node_modules, so the built CLI resolves its peer dependency (viem) as an installed one would.
const outDir = join(sdkDir, `node_modules/.cache/sluice-cli-${process.pid}`);

beforeAll(() => {
  const build = spawnSync("pnpm", ["exec", "tsup", "--out-dir", outDir, "--no-dts"], { cwd: sdkDir, encoding: "utf8", timeout: 120_000 });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Runs a command without blocking the event loop (a blocked loop leaves the test's idle HTTP connections stale). */
function runCommand(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeout?: number }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { ...options, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

function sluice(args: string[], env: Record<string, string | undefined> = {}) {
  return runCommand(process.execPath, [join(outDir, "cli.js"), ...args], {
    timeout: 60_000, env: { PATH: process.env.PATH, SLUICE_BASE_URL: inject("stack").baseUrl, ...env },
  });
}

describe("the sluice CLI", () => {
  let partner: Partner;
  beforeAll(async () => {
    partner = await createPartner();
  });

  it("sluice quote 1000 USDC WETH --chain base prints the quote /route gives", async () => {
    const run = await sluice(["quote", "1000", "USDC", "WETH", "--chain", "base"], { SLUICE_API_KEY: partner.key });
    expect(run.status, run.stderr).toBe(0);
    const api = (await call("/api/v1/route", { key: partner.key, body: { from: "USDC", to: "WETH", amount: "1000", chain: "base" } })).body;
    expect(run.stdout).toMatch(/^1000 USDC → [\d.]+ WETH on base$/m);
    expect(run.stdout).toContain(`rate          ${api.quote.rate}`);
    expect(run.stdout).toMatch(/^price impact  \d+ bps$/m);
    expect(run.stdout).toMatch(/^route         uniswap-v[23] 0x[0-9a-fA-F]{40}/m);
    expect(run.stdout).toMatch(/^gasless       yes \(minimum 20 USD on base\)$/m);

    const small = await sluice(["quote", "5", "USDC", "WETH", "--chain", "base"], { SLUICE_API_KEY: partner.key });
    expect(small.status, small.stderr).toBe(0);
    expect(small.stdout).toMatch(/^gasless       no \(minimum 20 USD on base\)$/m);
    expect(small.stdout).toMatch(/Swap too small: .*: the user sends the swap and pays gas/);

    const json = await sluice(["quote", "1000", "USDC", "WETH", "--chain=base", "--json"], { SLUICE_API_KEY: partner.key });
    expect(JSON.parse(json.stdout)).toMatchObject({ gaslessEligible: true, quote: { amountIn: "1000", rate: api.quote.rate } });
  });

  it("sluice usage --period YYYY-MM lists every event of the month across pages, with the total", async () => {
    const key = partner.key;
    const user = await newUser("base", "USDC", "100");
    const client = createSluiceClient({ baseUrl: inject("stack").baseUrl, apiKey: key });
    await client.swap({ walletClient: walletOf("base", user.account), from: "USDC", to: "WETH", amount: "40", chain: "base" });
    const period = new Date().toISOString().slice(0, 7);
    const api = async () => (await call(`/api/v1/usage?period=${period}&limit=1000`, { key })).body;
    // quote ×3 (the test above) + route and solve of the swap; route events are recorded in the background.
    for (let i = 0; i < 60 && (await api()).events.length < 5; i++) await new Promise((r) => setTimeout(r, 500));
    const expected = await api();

    const run = await sluice(["usage", "--period", period], { SLUICE_API_KEY: key });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe("created_at\tevent_type\tstatus\tchain\tvolume_usd\ttx_hash");
    expect(lines.slice(1, -1).map((l) => l.split("\t")[0])).toEqual(expected.events.map((e: { created_at: string }) => e.created_at));
    expect(lines.at(-1)).toBe(`${expected.events.length} events in ${period}, ${expected.total_volume_usd} USD`);

    const solves = await sluice(["usage", "--period", period, "--type", "solve", "--json"], { SLUICE_API_KEY: key });
    const parsed = JSON.parse(solves.stdout) as { event_type: string; status: string }[];
    expect(parsed).toEqual([expect.objectContaining({ event_type: "solve", status: "executed" })]);
    expect((await sluice(["usage", "--period", "2020-01"], { SLUICE_API_KEY: key })).stdout.trim()).toMatch(/\n0 events in 2020-01, 0 USD$/);
  });

  it("account, rebates and tokens", async () => {
    const account = await sluice(["account"], { SLUICE_API_KEY: partner.key });
    expect(account.stdout.trim()).toBe(`Partner ${partner.slug} (${partner.slug}, ${partner.accountId}): rebate 10 bps, active`);
    const rebates = await sluice(["rebates", "--json"], { SLUICE_API_KEY: partner.key });
    expect(rebates.status, rebates.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(rebates.stdout))).toBe(true);
    const tokens = await sluice(["tokens", "--chain", "base", "--search", "USDC"]);
    expect(tokens.status, tokens.stderr).toBe(0);
    expect(tokens.stdout).toMatch(/^USDC\t0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\t6$/m);
  });

  it("API failures exit 1 with the code; bad usage exits 2 and says what is wrong", async () => {
    const badKey = await sluice(["account"], { SLUICE_API_KEY: "0".repeat(40) });
    expect(badKey.status).toBe(1);
    expect(badKey.stderr).toBe("sluice: GET /api/v1/account failed: UNAUTHORIZED (401): Invalid or revoked API key\n");
    const unknown = await sluice(["quote", "1", "NOPE", "WETH", "--chain", "base"], { SLUICE_API_KEY: partner.key });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/UNSUPPORTED_TOKEN \(422\)/);
    const badPeriod = await sluice(["usage", "--period", "2026-13"], { SLUICE_API_KEY: partner.key });
    expect(badPeriod.status).toBe(1);
    expect(badPeriod.stderr).toMatch(/MALFORMED_REQUEST \(400\): .*period/);

    expect((await sluice(["account"])).stderr).toContain("SLUICE_API_KEY is not set");
    expect((await sluice(["account"])).status).toBe(2);
    const noChain = await sluice(["quote", "1000", "USDC", "WETH"], { SLUICE_API_KEY: partner.key });
    expect(noChain.status).toBe(2);
    expect(noChain.stderr).toContain("--chain must be one of ethereum, base, arbitrum, polygon");
    expect((await sluice(["quote", "1000", "USDC"], { SLUICE_API_KEY: partner.key })).status).toBe(2);
    expect((await sluice(["frobnicate"], { SLUICE_API_KEY: partner.key })).stderr).toContain("unknown command frobnicate");
    expect((await sluice([])).status).toBe(2);
  });
});
