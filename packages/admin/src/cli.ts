import { createDb, createRedis, CRON_QUERY_TIMEOUT_MS, CRON_REDIS_TIMEOUT_MS, SluiceError, toSluiceError, type Redis } from "@sluice/core";
import { createTcpRedis } from "@sluice/core/node";
import { adminCommands, adminUsage } from "./adminCommands.js";
import { runDoctor } from "./doctor/runDoctor.js";
import { runDeployExecutor } from "./deployExecutor/runDeployExecutor.js";
import { resolveDoctorConfig } from "./resolveConfig.js";

const [name, ...args] = process.argv.slice(2);
if (name === "doctor") {
  const checks = await runDoctor(resolveDoctorConfig());
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

const config = resolveDoctorConfig();
const { db, close } = createDb({ url: config.databaseUrl, queryTimeoutMs: CRON_QUERY_TIMEOUT_MS });
let tcp: ReturnType<typeof createTcpRedis> | undefined;
const redis = (): Redis => {
  if (config.redisUrl) return (tcp ??= createTcpRedis({ url: config.redisUrl })).redis;
  if (!config.redisRestUrl || !config.redisRestToken) {
    throw new SluiceError("DEPENDENCY_DOWN", "REDIS_URL, or REDIS_REST_URL and REDIS_REST_TOKEN, are needed for this command (or a running local stack)");
  }
  return createRedis({ url: config.redisRestUrl, token: config.redisRestToken, timeoutMs: CRON_REDIS_TIMEOUT_MS });
};
try {
  const result = await command.run(args, { db, redis, sluiceChains: config.sluiceChains });
  console.log(JSON.stringify({ ok: true, ...(result as object) }, null, 2));
} catch (err) {
  const error = err instanceof Error && /^Unknown option|^Unexpected argument|^Option '/.test(err.message)
    ? new SluiceError("MALFORMED_REQUEST", err.message)
    : toSluiceError(err);
  if (error.code === "INTERNAL") console.error(err);
  console.log(JSON.stringify(error.toJSON(), null, 2));
  process.exitCode = 1;
} finally {
  await tcp?.close();
  await close();
}
