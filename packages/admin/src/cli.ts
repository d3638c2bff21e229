import { userInfo } from "node:os";
import {
  createDb, createRedis, CRON_QUERY_TIMEOUT_MS, CRON_REDIS_TIMEOUT_MS, errorStatus, recordAdminAction, SluiceError, toSluiceError, type Redis,
} from "@sluice/core";
import { createTcpRedis } from "@sluice/core/node";
import { adminCommands, adminUsage, type AdminContext } from "./adminCommands.js";
import { runDoctor } from "./doctor/runDoctor.js";
import { runDeployExecutor } from "./deployExecutor/runDeployExecutor.js";
import { resolveConfig } from "./resolveConfig.js";

const [name, ...args] = process.argv.slice(2);
if (name === "doctor") {
  const checks = await runDoctor(resolveConfig());
  for (const c of checks) console.log(`${c.ok ? "✓" : "✗"} ${c.name.padEnd(32)} ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed === 0 ? "all checks passed" : `${failed} check(s) failed`);
  process.exit(failed === 0 ? 0 : 1);
}
if (name === "deploy-executor") {
  try {
    const result = await runDeployExecutor({ args, env: process.env });
    console.log(JSON.stringify(result, null, 2));
    process.exit(result.ok ? 0 : 1);
  } catch (err) {
    console.log(JSON.stringify(toSluiceError(err).toJSON(), null, 2));
    process.exit(1);
  }
}
const command = name ? adminCommands[name] : undefined;
if (!command) {
  console.error(adminUsage());
  process.exit(name ? 2 : 0);
}

const config = resolveConfig();
let opened: ReturnType<typeof createDb> | undefined;
let tcp: ReturnType<typeof createTcpRedis> | undefined;
const redis = (): Redis => {
  if (config.redisUrl) return (tcp ??= createTcpRedis({ url: config.redisUrl })).redis;
  if (!config.redisRestUrl || !config.redisRestToken) {
    throw new SluiceError("DEPENDENCY_DOWN", config.missing.redis ?? "REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, must be set for this command");
  }
  return createRedis({ url: config.redisRestUrl, token: config.redisRestToken, timeoutMs: CRON_REDIS_TIMEOUT_MS });
};
// The database is opened when a command first reads it, so a command that needs none runs without DATABASE_URL,
// and one that does fails naming it before it writes anywhere.
const context: AdminContext = {
  get db() {
    if (!config.databaseUrl) throw new SluiceError("DEPENDENCY_DOWN", config.missing.database ?? "DATABASE_URL is not set");
    return (opened ??= createDb({ url: config.databaseUrl, queryTimeoutMs: CRON_QUERY_TIMEOUT_MS })).db;
  },
  redis, sluiceChains: config.sluiceChains,
};
/** The operating-system user running the command (a container without a passwd entry: its environment's, else unknown). */
const osUser = () => { try { return userInfo().username; } catch { return process.env.USER ?? "unknown"; } };
/** A run that changes something is recorded in the audit trail, as the admin API's and pages' are (never its output). */
const audit = async (status: number, errorCode?: string) => {
  if (!command.changes?.(args) || !config.databaseUrl) return;
  await recordAdminAction(context.db, { surface: "cli", actor: `cli:${osUser()}`, action: name!, request: { args }, status, errorCode, log: false });
};
try {
  const result = await command.run(args, context);
  await audit(200);
  console.log(JSON.stringify({ ok: true, ...(result as object) }, null, 2));
} catch (err) {
  const error = err instanceof Error && /^Unknown option|^Unexpected argument|^Option '/.test(err.message)
    ? new SluiceError("MALFORMED_REQUEST", err.message)
    : toSluiceError(err);
  if (error.code === "INTERNAL") console.error(err);
  await audit(errorStatus[error.code], error.code);
  console.log(JSON.stringify(error.toJSON(), null, 2));
  process.exitCode = 1;
} finally {
  await tcp?.close();
  await opened?.close();
}
