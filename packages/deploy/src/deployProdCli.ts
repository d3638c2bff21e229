/** `pnpm deploy:prod --env staging|production [--secrets FILE] [--dry-run]` (see deployProd.ts and DEPLOY.md). */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "@sluice/stack";
import { DeployError, deployProd } from "./deployProd.js";

try {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"), strict: true, allowPositionals: false,
    options: { env: { type: "string" }, secrets: { type: "string" }, "dry-run": { type: "boolean" } },
  });
  if (!values.env) throw new DeployError(["--env is required: staging or production"]);
  await deployProd({
    root: REPO_ROOT, env: values.env, dryRun: Boolean(values["dry-run"]),
    secretsFile: values.secrets ? resolve(process.env.INIT_CWD ?? process.cwd(), values.secrets) : undefined,
  });
  console.log(values["dry-run"] ? "dry run passed: nothing was sent" : "deployed");
} catch (error) {
  const lines = error instanceof DeployError ? error.problems : [(error as Error).message];
  for (const line of lines) console.error(`✗ ${line}`);
  console.error("deploy:prod stopped: nothing further was sent");
  process.exitCode = 1;
}
