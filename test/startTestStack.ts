/** Starts a stack for a test project and provides it to the tests (`inject("stack")`); returns its teardown. */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { freePort, startStack } from "@sluice/stack";
import { dropDatabase } from "@sluice/admin";
import { leaseRedisDatabase, type StackInfo } from "@sluice/testkit";

export async function startTestStack(project: TestProject, options: { name: string; databaseDriver: "pg" | "neon"; host?: "workerd" | "node" }) {
  // The `stack-neon` and `stack-node` projects may run beside `stack`: with REDIS_URL / TEST_DATABASE_URL given, each
  // takes a Redis database leased on that server and a database of its own (`<name>_neon`, `<name>_node`) instead of
  // sharing theirs.
  const variant = options.host === "node" ? "node" : options.databaseDriver === "neon" ? "neon" : undefined;
  const second = variant !== undefined;
  const givenRedis = process.env.REDIS_URL;
  const redis = givenRedis && !second ? { url: givenRedis, release: async () => {} }
    : await leaseRedisDatabase(givenRedis?.replace(/\/\d*$/, ""));
  const givenDatabase = process.env.TEST_DATABASE_URL;
  const databaseUrl = givenDatabase && second
    ? Object.assign(new URL(givenDatabase), { pathname: `${new URL(givenDatabase).pathname}_${variant}` }).toString()
    : givenDatabase;
  const tag = variant ? `stack-${variant}` : "stack";
  let stack: Awaited<ReturnType<typeof startStack>>;
  try {
    stack = await startStack({
      name: options.name,
      databaseUrl,
      redisUrl: redis.url,
      redisDatabase: Number(new URL(redis.url).pathname.slice(1) || 0),
      port: await freePort(),
      sandboxPort: await freePort(),
      freshDatabase: true,
      devnet: { basePort: 0 },
      faultInjection: true,
      databaseDriver: options.databaseDriver,
      host: options.host ?? "workerd",
      log: (line) => process.stdout.write(`[${tag}] ${line}\n`),
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
    databaseDriver: stack.databaseDriver,
    demoKeys: { production: stack.demo.productionKey, sandbox: stack.demo.sandboxKey },
  };
  project.provide("stack", info);
  return async () => {
    await stack.stop();
    await redis.release();
    if (databaseUrl !== givenDatabase || !givenDatabase) await dropDatabase(stack.databaseUrl).catch(() => {});
    // SLUICE_KEEP_STACK_STATE=1 keeps the state folder (the workers' logs) to read after a failed run.
    if (!process.env.SLUICE_KEEP_STACK_STATE) rmSync(stack.stateDir, { recursive: true, force: true });
    else process.stdout.write(`[${tag}] state kept in ${stack.stateDir}\n`);
  };
}
