/** `pnpm deploy:check`: exits non-zero when any worker fails a check; prints each bundle's size. */
import { REPO_ROOT } from "@sluice/stack";
import { deployCheck } from "./deployCheck.js";

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const result = deployCheck(REPO_ROOT);
for (const b of result.bundles) {
  console.log(`${b.worker.padEnd(22)} ${b.error ? "build failed" : `${kib(b.bytes).padStart(9)}  gzip ${kib(b.gzipBytes).padStart(7)}`}`);
}
for (const p of result.problems) console.error(`✗ ${p.worker}: ${p.problem}`);
console.log(result.ok ? "deploy check passed" : `deploy check failed: ${result.problems.length} problem(s)`);
process.exitCode = result.ok ? 0 : 1;
