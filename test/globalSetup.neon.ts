/**
 * Starts the stack for the `stack-neon` test project: the same stack as `stack`'s, except that the workers reach
 * Postgres the way production does, with Neon's serverless driver over WebSockets (through a local
 * WebSocket-to-TCP proxy in front of the local PostgreSQL; packages/stack/src/neon/startNeonWsProxy.ts).
 */
import type { TestProject } from "vitest/node";
import { startTestStack } from "./startTestStack.js";

export default function setup(project: TestProject) {
  return startTestStack(project, { name: `test_neon_${process.pid}`, databaseDriver: "neon" });
}
