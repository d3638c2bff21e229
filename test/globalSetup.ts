/**
 * Starts the whole local stack once for the `stack` test project: a fresh database, a leased Redis database,
 * the devnet on free ports, the workers in workerd, and fault proxies between the workers and their dependencies.
 * Everything is named after this run, so overlapping test runs on one machine never share state.
 */
import type { TestProject } from "vitest/node";
import { startTestStack } from "./startTestStack.js";

export default function setup(project: TestProject) {
  return startTestStack(project, { name: `test_${process.pid}`, databaseDriver: "pg" });
}
