/**
 * `pnpm dev`: the whole of Sluice on this machine, offline — storage, four devnet chains, the public entry at
 * 127.0.0.1:8787 and the sandbox at 127.0.0.1:8788. Ctrl-C stops everything it started.
 * `--fork CHAIN=RPC_URL` (repeatable): that chain runs as an anvil fork of the RPC instead (fork mode).
 */
import { parseArgs } from "node:util";
import { requireLocalServices } from "./requireLocalServices.js";
import { startStack } from "./startStack.js";
import { parseForkOptions } from "./fork/parseForkOptions.js";

const { values } = parseArgs({
  options: {
    scenario: { type: "string" },
    port: { type: "string", default: "8787" },
    "sandbox-port": { type: "string", default: "8788" },
    // `neon`: the workers use Neon's serverless driver (production's) through a local WebSocket proxy.
    "database-driver": { type: "string", default: "pg" },
    fork: { type: "string", multiple: true },
  },
});
let forks;
try {
  forks = parseForkOptions(values.fork ?? []);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const databaseDriver = values["database-driver"];
if (databaseDriver !== "pg" && databaseDriver !== "neon") {
  console.error(`--database-driver must be pg or neon, got ${databaseDriver}`);
  process.exit(1);
}

const log = (line: string) => console.log(`  ${line}`);
const missing = await requireLocalServices(process.env);
if (missing.length > 0) {
  console.error(`Sluice needs PostgreSQL and Redis on this machine:\n${missing.map((m) => `  - ${m}`).join("\n")}`);
  process.exit(1);
}
console.log("Starting Sluice locally…");
const stack = await startStack({
  name: "dev",
  databaseUrl: process.env.DATABASE_URL,
  redisUrl: process.env.REDIS_URL,
  redisDatabase: 1,
  port: Number(values.port),
  sandboxPort: Number(values["sandbox-port"]),
  redisBridgePort: 8079,
  devnet: { scenario: values.scenario, basePort: 8545 },
  forks,
  databaseDriver,
  log,
});

console.log(`
Sluice is up.
  public API     ${stack.baseUrl}/api/v1   (OpenAPI: ${stack.baseUrl}/api/v1/openapi.json, reference: ${stack.baseUrl}/docs)
  sandbox        ${stack.sandboxUrl}
  admin token    ${stack.adminToken}   (Authorization: Bearer … on ${stack.baseUrl}/admin/v1/*)
  demo account   ${stack.demo.accountId}
  demo key       ${stack.demo.productionKey}   (production)
  sandbox key    ${stack.demo.sandboxKey}   (sandbox)

Try:
  curl -s ${stack.baseUrl}/api/v1/account -H 'X-Sluice-API-Key: ${stack.demo.productionKey}'

Logs and state: ${stack.stateDir}. Ctrl-C stops everything.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    await stack.stop();
    process.exit(0);
  });
}
