import { defineConfig } from "vitest/config";

/**
 * Two projects:
 * - `packages`: tests of the packages themselves (pure logic, and the devnet, which starts its own anvil nodes);
 * - `stack`: tests of the HTTP API against the whole local stack (workers in workerd, PostgreSQL, Redis, devnet),
 *   started once by `test/globalSetup.ts`.
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
          benchmark: { include: [] },
          globalSetup: ["test/globalSetup.ts"],
          // One file at a time: the files share one stack, and fault tests take its dependencies down.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
