/**
 * `pnpm deploy:prod`: the environment checks on broken configurations, the secrets file checks (nothing sent on a
 * missing or extra secret), the order, the per-worker secrets handed to wrangler, and the whole dry run.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@sluice/stack";
import { checkSecrets } from "./checkSecrets.js";
import { checkWorkerEnvironments } from "./checkWorkerEnvironments.js";
import { deployOrder } from "./deployOrder.js";
import { DeployError, deployProd } from "./deployProd.js";
import { readSecretsFile } from "./readSecretsFile.js";
import { readWorkerConfigs } from "./readWorkerConfigs.js";
import { environmentSchemas } from "./workerSchemas.js";

const exec = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "sluice-deploy-prod-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
  return join(dir, path);
};

const workers = readWorkerConfigs(REPO_ROOT);
const declared = [...new Set(workers.flatMap((w) => w.secrets))];
/** Values the workers' schemas accept: a URL where a URL is read, chain settings as JSON, a full-length admin token. */
const validValues: Record<string, string> = {
  REDIS_REST_URL: "https://redis.example.com", ACROSS_API_URL: "https://across.example.com", SLUICE_CHAINS: "{}",
  ADMIN_TOKEN: "f".repeat(64), WEBHOOK_LOCAL_DEVELOPMENT: "false",
  ACROSS_INTEGRATOR_ID: "0x00a1", BRIDGE_FEE_RECIPIENT: "0x2222222222222222222222222222222222222222",
  RELAYER_PRIVATE_KEYS: `0x${"11".repeat(32)},0x${"22".repeat(32)}`, WEBHOOK_SIGNING_KEY: "ab".repeat(32),
  // Whole seconds, 600 or more; digits no dry-run line shows (bundle sizes are printed in KiB).
  BRIDGE_MIN_FILL_WINDOW_SECONDS: "43217",
};
const fullSecrets = Object.fromEntries(declared.map((name) => [name, validValues[name] ?? `value-of-${name.toLowerCase()}`]));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", "packages/deploy/src/deployProdCli.ts", ...args], { cwd: REPO_ROOT, timeout: 600_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("environment blocks", () => {
  it("the repository's staging and production blocks agree with the top level", () => {
    expect(checkWorkerEnvironments(workers)).toEqual([]);
  });

  it("names each broken piece of an environment block", () => {
    write("a/wrangler.toml", `name = "a"\nmain = "src/index.ts"\n[vars]\nSLUICE_ENVIRONMENT = "production"\n[[services]]\nbinding = "B"\nservice = "b"\n[triggers]\ncrons = ["* * * * *"]\n[secrets]\nrequired = ["DATABASE_URL"]\n`
      + `[env.staging]\nname = "a-staging"\n[env.staging.vars]\nSLUICE_ENVIRONMENT = "sandbox"\n[[env.staging.services]]\nbinding = "B"\nservice = "b"\n[env.staging.secrets]\nrequired = []\n`
      + `[env.production]\nname = "a-staging"\nroutes = [{ pattern = "a.example", custom_domain = true }]\n[env.production.vars]\nSLUICE_ENVIRONMENT = "production"\n[[env.production.services]]\nbinding = "B"\nservice = "b"\n[env.production.triggers]\ncrons = ["* * * * *"]\n[env.production.secrets]\nrequired = ["DATABASE_URL"]\n`);
    write("b/wrangler.toml", `name = "b"\nmain = "src/index.ts"\nworkers_dev = false\n[env.staging]\nname = "b-staging"\nroutes = [{ pattern = "b.example", custom_domain = true }]\n`);
    const problems = checkWorkerEnvironments(readWorkerConfigs(dir, ["a/wrangler.toml", "b/wrangler.toml"])).map((p) => `${p.worker}: ${p.problem}`);
    expect(problems).toEqual([
      "a: [env.staging] name a-staging is the same as [env.production]'s",
      "a: [env.staging] service binding B names b, not b-staging",
      `a: [env.staging] vars {"SLUICE_ENVIRONMENT":"sandbox"} differ from the top level's {"SLUICE_ENVIRONMENT":"production"}`,
      "a: [env.staging] declared secrets (none) differ from the top level's DATABASE_URL",
      "a: [env.staging] crons (none) differ from the top level's * * * * *",
      "a: [env.staging] is a public worker without a custom-domain route",
      "b: [env.staging] is reached only through service bindings but has routes",
      "a: [env.production] name a-staging is the same as [env.staging]'s",
      "a: [env.production] service binding B names b, not b's [env.production]",
      "b: [env.production] is missing from b/wrangler.toml",
    ]);
  });
});

describe("deploy order", () => {
  it("puts every worker after the workers it binds: areas first, reporting before swap, the swap sandbox before the sandbox, the public entry after its areas", () => {
    const order = deployOrder(workers).map((w) => w.name);
    expect(order).toHaveLength(7);
    const at = (name: string) => order.indexOf(name);
    expect(at("sluice-reporting")).toBeLessThan(at("sluice-swap"));
    expect(at("sluice-swap-sandbox")).toBeLessThan(at("sluice-sandbox"));
    for (const area of ["sluice-swap", "sluice-tokens", "sluice-reporting", "sluice-bridge"]) expect(at(area)).toBeLessThan(at("sluice-gateway"));
    expect(order.slice(-2).sort()).toEqual(["sluice-gateway", "sluice-sandbox"]);
  });
});

describe("secrets file", () => {
  it("reads JSON (objects sent as their JSON text) and .env", () => {
    expect(readSecretsFile(write("s.json", JSON.stringify({ A: "1", SLUICE_CHAINS: { base: { rpcUrl: "x" } }, FLAG: false })))).toEqual({ A: "1", SLUICE_CHAINS: '{"base":{"rpcUrl":"x"}}', FLAG: "false" });
    expect(readSecretsFile(write("s.env", "# comment\nA=1\nB=\"two words\"\nSLUICE_CHAINS={\"base\":{}}\n"))).toEqual({ A: "1", B: "two words", SLUICE_CHAINS: '{"base":{}}' });
    expect(() => readSecretsFile(write("bad.json", "{ nope"))).toThrow(/is not valid JSON/);
    expect(() => readSecretsFile(join(dir, "absent.env"))).toThrow(/cannot read/);
  });

  it("names missing, empty and undeclared secrets", () => {
    const staging = workers.map((w) => w.environments.staging!);
    expect(checkSecrets({ workers: staging, secrets: fullSecrets })).toEqual([]);
    const { RELAYER_PRIVATE_KEYS: _r, ...withoutRelayers } = fullSecrets;
    expect(checkSecrets({ workers: staging, secrets: { ...withoutRelayers, ADMIN_TOKEN: "", RELAYER_KEYS: "x" } })).toEqual([
      "sluice-swap-staging needs RELAYER_PRIVATE_KEYS, missing from the secrets file",
      "sluice-reporting-staging needs ADMIN_TOKEN, empty in the secrets file",
      "RELAYER_KEYS is in the secrets file but no worker declares it ([secrets] required)",
    ]);
  });

  it("names a value the worker's own schema refuses, without printing it", () => {
    const staging = workers.map((w) => w.environments.staging!);
    const schemas = environmentSchemas(workers, "staging");
    expect(checkSecrets({ workers: staging, secrets: fullSecrets, schemas })).toEqual([]);
    const problems = checkSecrets({ workers: staging, secrets: { ...fullSecrets, ADMIN_TOKEN: "hunter2-admin", SLUICE_CHAINS: "{base:" }, schemas });
    expect(problems).toContain("sluice-reporting-staging: ADMIN_TOKEN in the secrets file is refused by the worker: must be at least 32 characters (got 13); generate one with `openssl rand -hex 32`");
    expect(problems.filter((p) => p.includes("SLUICE_CHAINS in the secrets file is refused by the worker")).length).toBe(staging.filter((w) => w.secrets.includes("SLUICE_CHAINS")).length);
    expect(problems.join("\n")).not.toContain("hunter2");
    // A relayer key pasted without 0x, or cut short: refused by position, its value never printed.
    const relayerKey = "ab".repeat(32);
    const relayerProblems = checkSecrets({ workers: staging, secrets: { ...fullSecrets, RELAYER_PRIVATE_KEYS: `0x${"11".repeat(32)} ${relayerKey}` }, schemas });
    expect(relayerProblems).toEqual(["sluice-swap-staging: RELAYER_PRIVATE_KEYS in the secrets file is refused by the worker: entry 2 is not a private key (0x and 64 hex digits)"]);
    expect(relayerProblems.join("\n")).not.toContain(relayerKey);
    // The app fee's recipient and Sluice's integrator id, which Across is sent with every quote.
    expect(checkSecrets({ workers: staging, secrets: { ...fullSecrets, BRIDGE_FEE_RECIPIENT: `0x${"0".repeat(40)}`, ACROSS_INTEGRATOR_ID: "not-an-id" }, schemas })).toEqual([
      "sluice-bridge-staging: ACROSS_INTEGRATOR_ID in the secrets file is refused by the worker: must be 0x and 4 hex digits",
      "sluice-bridge-staging: BRIDGE_FEE_RECIPIENT in the secrets file is refused by the worker: must be an address other than the zero address",
    ]);
    // The key that encrypts webhook secrets: 32 bytes, or every endpoint's creation would fail.
    const shortKey = checkSecrets({ workers: staging, secrets: { ...fullSecrets, WEBHOOK_SIGNING_KEY: "changeme" }, schemas });
    expect(shortKey).toHaveLength(staging.filter((w) => w.secrets.includes("WEBHOOK_SIGNING_KEY")).length);
    expect(shortKey.every((p) => p.endsWith("WEBHOOK_SIGNING_KEY in the secrets file is refused by the worker: must be 32 bytes: 64 hex characters or base64 (`openssl rand -hex 32`)"))).toBe(true);
    // A local stack's webhook setting, which the schema allows (local stacks need it), is refused for a deployment.
    const local = checkSecrets({ workers: staging, secrets: { ...fullSecrets, WEBHOOK_LOCAL_DEVELOPMENT: "true" }, schemas });
    expect(local).toHaveLength(staging.filter((w) => w.secrets.includes("WEBHOOK_LOCAL_DEVELOPMENT")).length);
    expect(local.every((p) => p.includes("WEBHOOK_LOCAL_DEVELOPMENT in the secrets file must be false in a deployment"))).toBe(true);
    // The bridge's shortest fill window: less than 600 s would let quotes leave relayers too little time to fill.
    for (const value of ["60", "-5", "599"]) {
      expect(checkSecrets({ workers: staging, secrets: { ...fullSecrets, BRIDGE_MIN_FILL_WINDOW_SECONDS: value }, schemas }))
        .toEqual(["sluice-bridge-staging: BRIDGE_MIN_FILL_WINDOW_SECONDS in the secrets file is refused by the worker: must be whole seconds from 600 to 86400"]);
    }
  });

  it("pnpm deploy:prod exits 1 on a missing or extra secret, a bad --env or a committed file, before sending anything", async () => {
    const { ADMIN_TOKEN: _a, ...missing } = fullSecrets;
    const missingRun = await cli("--env", "staging", "--secrets", write("missing.json", JSON.stringify(missing)));
    expect(missingRun.code).toBe(1);
    expect(missingRun.stderr).toContain("✗ sluice-reporting-staging needs ADMIN_TOKEN, missing from the secrets file");
    expect(missingRun.stdout).not.toContain("wrangler deploy");

    const extraRun = await cli("--env", "production", "--secrets", write("extra.env", Object.entries({ ...fullSecrets, SLUICE_TOKEN_QUALITY: "{}" }).map(([k, v]) => `${k}=${v}`).join("\n")));
    expect(extraRun.code).toBe(1);
    expect(extraRun.stderr).toContain("✗ SLUICE_TOKEN_QUALITY is in the secrets file but no worker declares it");

    const weakRun = await cli("--env", "production", "--secrets", write("weak.json", JSON.stringify({ ...fullSecrets, ADMIN_TOKEN: "hunter2-admin" })));
    expect(weakRun.code).toBe(1);
    expect(weakRun.stderr).toContain("✗ sluice-reporting: ADMIN_TOKEN in the secrets file is refused by the worker: must be at least 32 characters");
    expect(weakRun.stderr + weakRun.stdout).not.toContain("hunter2");
    expect(weakRun.stdout).not.toContain("wrangler deploy");

    const badEnv = await cli("--env", "prod", "--dry-run");
    expect(badEnv).toMatchObject({ code: 1, stderr: expect.stringContaining("--env: must be one of staging, production, got 'prod'") });
    const committed = await cli("--env", "staging", "--secrets", "package.json");
    expect(committed).toMatchObject({ code: 1, stderr: expect.stringContaining("is tracked by git") });
  });
});

describe("deployProd", () => {
  it("hands each worker, in order, exactly the secrets it declares in a file removed afterwards; a failure stops the rest", async () => {
    const file = write("full.json", JSON.stringify(fullSecrets));
    const sent: { args: readonly string[]; secrets?: Record<string, string> }[] = [];
    const files: string[] = [];
    const run = (_command: string, args: readonly string[]) => {
      const at = args.indexOf("--secrets-file");
      if (at >= 0) files.push(args[at + 1]!);
      sent.push({ args, secrets: at >= 0 ? JSON.parse(readFileSync(args[at + 1]!, "utf8")) : undefined });
      return 0;
    };
    const { steps } = await deployProd({ root: REPO_ROOT, env: "production", secretsFile: file, run, log: () => {} });
    expect(sent.map((s) => s.args.slice(0, 7))).toEqual(steps.map((s) => ["exec", "wrangler", "deploy", "--config", s.configPath, "--env", "production"]));
    for (const [i, worker] of deployOrder(workers).entries()) {
      const expected = Object.fromEntries(worker.environments.production!.secrets.map((n) => [n, fullSecrets[n]]));
      expect(sent[i]!.secrets, worker.name).toEqual(worker.secrets.length ? expected : undefined);
    }
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(existsSync(f)).toBe(false);

    let calls = 0;
    await expect(deployProd({ root: REPO_ROOT, env: "staging", secretsFile: file, run: () => (++calls === 2 ? 1 : 0), log: () => {} }))
      .rejects.toBeInstanceOf(DeployError);
    expect(calls).toBe(2);
  });

  it("--dry-run prints every wrangler command in order and builds every bundle of the environment, showing no secret value", async () => {
    const result = await cli("--env", "staging", "--dry-run", "--secrets", write("dry.json", JSON.stringify(fullSecrets)));
    expect(result.stderr).not.toContain("✗");
    expect(result.code).toBe(0);
    const commands = result.stdout.split("\n").filter((l) => l.includes("wrangler deploy"));
    expect(commands.map((l) => l.match(/--config (\S+)/)![1])).toEqual(deployOrder(workers).map((w) => w.configPath));
    for (const line of commands) expect(line).toContain("--env staging");
    for (const w of workers) expect(result.stdout).toMatch(new RegExp(`${w.environments.staging!.name} +\\d+ KiB, gzip \\d+ KiB`));
    for (const value of Object.values(fullSecrets)) expect(result.stdout).not.toContain(value);
    expect(result.stdout).toContain("dry run passed: nothing was sent");
  });
});
