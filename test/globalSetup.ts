/**
 * Starts the whole local stack once for the `stack` test project: a fresh database, a leased Redis database,
 * the devnet on free ports, the workers in workerd, and fault proxies between the workers and their dependencies.
 * Everything is named after this run, so overlapping test runs on one machine never share state.
 */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { freePort, startStack } from "@sluice/stack";
import { dropDatabase } from "@sluice/admin";
import { leaseRedisDatabase, type StackInfo } from "@sluice/testkit";

export default async function setup(project: TestProject) {
  const redis = process.env.REDIS_URL ? { url: process.env.REDIS_URL, release: async () => {} } : await leaseRedisDatabase();
  const name = `test_${process.pid}`;
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      name,
      databaseUrl: process.env.TEST_DATABASE_URL,
      redisUrl: redis.url,
      redisDatabase: Number(new URL(redis.url).pathname.slice(1) || 0),
      port: await freePort(),
      sandboxPort: await freePort(),
      freshDatabase: true,
      devnet: { basePort: 0 },
      faultInjection: true,
      log: (line) => process.stdout.write(`[stack] ${line}\n`),
    });
  } catch (error) {
    await redis.release();
    throw error;
  }
  const info: StackInfo = {
    baseUrl: stack.baseUrl,
    sandboxUrl: stack.sandboxUrl,
    adminToken: stack.adminToken,
    databaseUrl: stack.databaseUrl,
    redisUrl: stack.redisUrl,
    redisRestUrl: stack.redisRestUrl,
    redisRestToken: stack.redisRestToken,
    manifest: stack.manifest,
    acrossApiUrl: stack.acrossApiUrl,
    sluiceChains: stack.sluiceChains,
    acrossApiKey: stack.acrossApiKey,
    stateDir: stack.stateDir,
    faultsUrl: stack.faultsUrl!,
    demoKeys: { production: stack.demo.productionKey, sandbox: stack.demo.sandboxKey },
  };
  project.provide("stack", info);
  return async () => {
    await stack.stop();
    await redis.release();
    if (!process.env.TEST_DATABASE_URL) await dropDatabase(stack.databaseUrl).catch(() => {});
    rmSync(stack.stateDir, { recursive: true, force: true });
  };
}
