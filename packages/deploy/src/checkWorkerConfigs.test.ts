/**
 * The configuration checks on broken configurations of each kind (written to a temporary repository), and the whole
 * deploy check on this repository: it must pass from a clean clone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { REPO_ROOT } from "@sluice/stack";
import { checkWorkerConfigs } from "./checkWorkerConfigs.js";
import { deployCheck } from "./deployCheck.js";
import { readWorkerConfigs } from "./readWorkerConfigs.js";

const root = mkdtempSync(join(tmpdir(), "sluice-deploy-check-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const schema = z.object({ DATABASE_URL: z.string(), SLUICE_CHAINS: z.string().optional() });

describe("checkWorkerConfigs", () => {
  it("names each broken piece: a missing service, an unused binding, an undeclared or unread setting, a cron without handler, missing assets", () => {
    write("a/wrangler.toml", `name = "a"\nmain = "src/index.ts"\n[vars]\nLEFTOVER = "x"\n[[services]]\nbinding = "B"\nservice = "b"\n[[services]]\nbinding = "GHOST"\nservice = "nowhere"\n[triggers]\ncrons = ["* * * * *"]\n[assets]\ndirectory = "public"\n`);
    write("a/src/index.ts", `export default { fetch: (_r: Request, env: { B: Fetcher }) => env.B.fetch("x") };\n`);
    write("b/wrangler.toml", `name = "b"\nmain = "src/index.ts"\n[secrets]\nrequired = ["DATABASE_URL"]\n`);
    write("b/src/index.ts", `export default { fetch: () => new Response("ok") };\n`);
    const workers = readWorkerConfigs(root, ["a/wrangler.toml", "b/wrangler.toml"]);
    const problems = checkWorkerConfigs({ root, workers, schemas: { a: schema, b: schema } }).map((p) => `${p.worker}: ${p.problem}`);
    expect(problems).toEqual([
      "a: service binding GHOST names nowhere, which no wrangler configuration in the repository deploys",
      "a: service binding GHOST is never used by the code",
      "a: setting DATABASE_URL is required by the code but is neither in [vars] nor in [secrets] required",
      "a: setting LEFTOVER is declared but the code never reads it",
      "a: cron triggers * * * * * are declared but a/src/index.ts exports no scheduled handler",
      "a: the assets folder a/public does not exist",
    ]);
  });

  it("a consistent configuration has no problem", () => {
    const workers = readWorkerConfigs(root, ["b/wrangler.toml"]);
    expect(checkWorkerConfigs({ root, workers, schemas: { b: schema } })).toEqual([]);
  });
});

describe("checkWorkerConfigs: the Redis REST settings", () => {
  it("are required on Workers though the schema leaves them optional for the Node host's REDIS_URL", () => {
    write("c/wrangler.toml", `name = "c"\nmain = "src/index.ts"\n[secrets]\nrequired = ["DATABASE_URL", "REDIS_REST_TOKEN"]\n`);
    write("c/src/index.ts", `export default { fetch: () => new Response("ok") };\n`);
    const redisSchema = schema.extend({ REDIS_REST_URL: z.string().optional(), REDIS_REST_TOKEN: z.string().optional(), REDIS_URL: z.string().optional() });
    const workers = readWorkerConfigs(root, ["c/wrangler.toml"]);
    expect(checkWorkerConfigs({ root, workers, schemas: { c: redisSchema } }).map((p) => `${p.worker}: ${p.problem}`)).toEqual([
      "c: setting REDIS_REST_URL is required on Workers but is neither in [vars] nor in [secrets] required",
    ]);
  });
});

describe("deploy check of this repository", () => {
  it("every worker builds within the budget, free of development code, and every configuration matches its code", () => {
    const result = deployCheck(REPO_ROOT);
    expect(result.problems).toEqual([]);
    expect(result.bundles.map((b) => b.worker).sort()).toEqual([
      "sluice-bridge", "sluice-gateway", "sluice-reporting", "sluice-sandbox", "sluice-swap", "sluice-swap-sandbox", "sluice-tokens",
    ]);
    for (const bundle of result.bundles) expect(bundle.gzipBytes).toBeGreaterThan(10_000);
  });
});
