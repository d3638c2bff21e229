/**
 * Starts the stack for the `stack-node` test project: the same storage, devnet and fault proxies as `stack`'s, with
 * every area served by the Node host (`pnpm start`, packages/node-host: one Node process, Redis over TCP) instead
 * of workerd, so the main HTTP suites hold on both hosts.
 */
import type { TestProject } from "vitest/node";
import { startTestStack } from "./startTestStack.js";

export default function setup(project: TestProject) {
  return startTestStack(project, { name: `test_node_${process.pid}`, databaseDriver: "pg", host: "node" });
}
