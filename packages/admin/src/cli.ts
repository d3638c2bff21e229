import { createDb, createRedis, SluiceError, toSluiceError } from "@sluice/core";
import { adminCommands, adminUsage } from "./adminCommands.js";
import { runDoctor } from "./doctor/runDoctor.js";
import { resolveConfig, resolveDoctorConfig } from "./resolveConfig.js";

const [name, ...args] = process.argv.slice(2);
if (name === "doctor") {
  const checks = await runDoctor(resolveDoctorConfig());
  for (const c of checks) console.log(`${c.ok ? "✓" : "✗"} ${c.name.padEnd(32)} ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed === 0 ? "all checks passed" : `${failed} check(s) failed`);
  process.exit(failed === 0 ? 0 : 1);
}
const command = name ? adminCommands[name] : undefined;
if (!command) {
  console.error(adminUsage());
  process.exit(name ? 2 : 0);
}

const config = resolveConfig();
const { db, close } = createDb({ url: config.databaseUrl });
const redis = () => {
  if (!config.redisRestUrl || !config.redisRestToken) {
    throw new SluiceError("DEPENDENCY_DOWN", "REDIS_REST_URL and REDIS_REST_TOKEN are needed for this command (or a running local stack)");
  }
  return createRedis({ url: config.redisRestUrl, token: config.redisRestToken });
};
try {
  const result = await command.run(args, { db, redis });
  console.log(JSON.stringify({ ok: true, ...(result as object) }, null, 2));
} catch (err) {
  const error = err instanceof Error && /^Unknown option|^Unexpected argument|^Option '/.test(err.message)
    ? new SluiceError("MALFORMED_REQUEST", err.message)
    : toSluiceError(err);
  if (error.code === "INTERNAL") console.error(err);
  console.log(JSON.stringify(error.toJSON(), null, 2));
  process.exitCode = 1;
} finally {
  await close();
}
