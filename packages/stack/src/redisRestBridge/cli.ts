/**
 * Runs the Upstash REST bridge in front of a local Redis for development:
 *   tsx packages/stack/src/redisRestBridge/cli.ts --redis redis://127.0.0.1:6379/1 --port 8079 --token dev-token
 * Binds 127.0.0.1 only. Stops on SIGINT/SIGTERM.
 */
import { parseArgs } from "node:util";
import { startRedisRestBridge } from "./index.js";

const { values } = parseArgs({
  options: {
    redis: { type: "string", default: "redis://127.0.0.1:6379/0" },
    port: { type: "string", default: "8079" },
    token: { type: "string" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);

const bridge = await startRedisRestBridge({ redisUrl: values.redis, host: "127.0.0.1", port, token: values.token });
console.log(`Upstash REST bridge on ${bridge.url} → ${values.redis}`);
console.log(`UPSTASH_REDIS_REST_URL=${bridge.url}`);
console.log(`UPSTASH_REDIS_REST_TOKEN=${bridge.token}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    bridge.close().then(() => process.exit(0), () => process.exit(1));
  });
}
