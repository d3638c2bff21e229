import { configDefaults, defineConfig } from "vitest/config";

/**
 * Four projects:
 * - `packages`: tests of the packages themselves (pure logic, and the devnet, which starts its own anvil nodes);
 * - `stack`: tests of the HTTP API against the whole local stack (workers in workerd, PostgreSQL, Redis, devnet),
 *   started once by `test/globalSetup.ts`;
 * - `stack-neon`: the main HTTP suites once more against a stack of its own whose workers reach Postgres the way
 *   production does, with Neon's serverless driver over WebSockets (`test/globalSetup.neon.ts`). It runs beside
 *   `stack` (each project's files run one at a time);
 * - `stack-node`: the main HTTP suites once more against a stack of its own served by the Node host (`pnpm start`,
 *   packages/node-host: every area in one Node process, Redis over TCP) instead of workerd (`test/globalSetup.node.ts`),
 *   so both hosts stay equal.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "packages",
          include: ["packages/*/src/**/*.test.ts"],
          benchmark: { include: ["bench/**/*.bench.ts"] },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "stack",
          include: ["workers/*/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/neon/**"],
          benchmark: { include: [] },
          globalSetup: ["test/globalSetup.ts"],
          // One file at a time: the files share one stack, and fault tests take its dependencies down.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "stack-neon",
          include: [
            "test/neon/**/*.test.ts",
            "workers/swap/src/routes/{route,solve,confirm}.happy.test.ts",
            "workers/tokens/src/routes/tokens.happy.test.ts",
            "workers/reporting/src/routes/{account,usage,rebates}.happy.test.ts",
            "workers/reporting/src/routes/webhooks/webhooks.happy.test.ts",
            "workers/bridge/src/routes/quote.happy.test.ts",
          ],
          benchmark: { include: [] },
          globalSetup: ["test/globalSetup.neon.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "stack-node",
          include: [
            "workers/swap/src/routes/{route,solve,confirm}.happy.test.ts",
            "workers/tokens/src/routes/tokens.happy.test.ts",
            "workers/reporting/src/routes/{account,usage,rebates}.happy.test.ts",
            "workers/bridge/src/routes/quote.happy.test.ts",
            "workers/swap/src/routes/{route.security,route.error,solve.security}.test.ts",
            "workers/sandbox/src/routes/{sandbox.happy,sandbox.security}.test.ts",
            "workers/reporting/src/routes/usage.security.test.ts",
            "workers/tokens/src/routes/tokens.security.test.ts",
            "workers/reporting/src/routes/webhooks/webhooks.happy.test.ts",
            "workers/reporting/src/settlement.test.ts",
            "test/{cors,dependencyOutages,openapi}.test.ts",
          ],
          benchmark: { include: [] },
          globalSetup: ["test/globalSetup.node.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
