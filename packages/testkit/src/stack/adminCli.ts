import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { inject } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../../", import.meta.url));

export type AdminCliReturnType = { code: number; body: any };

/** Runs `pnpm admin …` (the operator CLI) with the given settings in its environment; its JSON output parsed. */
export async function runAdminCli(settings: Record<string, string>, ...args: string[]): Promise<AdminCliReturnType> {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "packages/admin/src/cli.ts", ...args], { cwd: root, env: { ...process.env, ...settings } });
    return { code: 0, body: JSON.parse(stdout) };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, body: JSON.parse(failed.stdout) };
  }
}

/** Runs `pnpm admin …` (the operator CLI) against the test stack's Postgres and Redis; its JSON output parsed. */
export async function adminCli(...args: string[]): Promise<AdminCliReturnType> {
  const stack = inject("stack");
  return runAdminCli({ DATABASE_URL: stack.databaseUrl, REDIS_REST_URL: stack.redisRestUrl, REDIS_REST_TOKEN: stack.redisRestToken }, ...args);
}
