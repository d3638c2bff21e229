/**
 * Starts the whole local stack once for the `stack` test project: a fresh database, a dedicated Redis db,
 * the devnet, and the workers in workerd. Tests reach it over HTTP (and the database/Redis for assertions).
 */
import type { TestProject } from "vitest/node";
import { Redis } from "ioredis";
import { freePort, startStack } from "@sluice/stack";
import type { StackInfo } from "./support/stackInfo.js";

const TEST_REDIS_DB = 2;

export default async function setup(project: TestProject) {
  const redisUrl = process.env.REDIS_URL ?? `redis://127.0.0.1:6379/${TEST_REDIS_DB}`;
  const flush = new Redis(redisUrl);
  await flush.flushdb();
  await flush.quit();

  const stack = await startStack({
    name: "test",
    databaseUrl: process.env.TEST_DATABASE_URL,
    redisUrl,
    redisDatabase: TEST_REDIS_DB,
    port: await freePort(),
    sandboxPort: await freePort(),
    freshDatabase: true,
    devnet: { basePort: 0 },
    faultInjection: true,
    log: (line) => process.stdout.write(`[stack] ${line}\n`),
  });
  const info: StackInfo = {
    baseUrl: stack.baseUrl,
    sandboxUrl: stack.sandboxUrl,
    adminToken: stack.adminToken,
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    redisRestUrl: stack.redisRestUrl,
    redisRestToken: stack.redisRestToken,
    manifest: stack.manifest,
    stateDir: stack.stateDir,
    faultsUrl: stack.faultsUrl!,
    demoKeys: { production: stack.demo.productionKey, sandbox: stack.demo.sandboxKey },
  };
  project.provide("stack", info);
  return async () => stack.stop();
}
