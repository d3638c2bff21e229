/**
 * `pnpm soak --minutes N`: starts a fresh stack with fault proxies (its own database `sluice_soak` and Redis db 3, free
 * ports), runs the chaos soak for N minutes (default 5) and prints its report as JSON. Exits non-zero when a target is
 * missed. Needs PostgreSQL and Redis on this machine, like `pnpm dev`.
 */
import { parseArgs } from "node:util";
import { freePort } from "../process/freePort.js";
import { requireLocalServices } from "../requireLocalServices.js";
import { startStack } from "../startStack.js";
import { runSoak } from "./runSoak.js";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "5" }, clients: { type: "string", default: "4" } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) {
  console.error("--minutes must be a positive number");
  process.exit(2);
}
const missing = await requireLocalServices(process.env);
if (missing.length > 0) {
  console.error(`The soak needs PostgreSQL and Redis on this machine:\n${missing.map((m) => `  - ${m}`).join("\n")}`);
  process.exit(1);
}
const log = (line: string) => console.log(`  ${line}`);
const stack = await startStack({
  name: "soak", databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, redisDatabase: 3,
  port: await freePort(), sandboxPort: await freePort(), freshDatabase: true, devnet: { basePort: 0 }, faultInjection: true, log,
});
let code = 1;
try {
  console.log(`Soaking for ${minutes} min with ${values.clients} clients…`);
  const report = await runSoak({
    target: { ...stack, faultsUrl: stack.faultsUrl! }, durationMs: minutes * 60_000, concurrency: Number(values.clients), log,
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(report.passed ? "soak: every target met" : "soak: a target was missed");
  code = report.passed ? 0 : 1;
} finally {
  await stack.stop();
}
process.exit(code);
