/**
 * The README's walkthrough works: the first-swaps example (a gasless swap and a user-paid swap through the partner
 * helper) runs against a running stack, as a newcomer would run it after `pnpm dev`.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

describe("README walkthrough", () => {
  it("pnpm example:first-swaps swaps gasless and user-paid against the running stack", () => {
    const run = spawnSync("pnpm", ["-s", "example:first-swaps"], {
      encoding: "utf8", timeout: 120_000,
      env: { ...process.env, SLUICE_STATE: join(inject("stack").stateDir, "state.json") },
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/gasless swap: .* sent by Sluice's relayer in 0x[0-9a-f]{64}/);
    expect(run.stdout).toMatch(/user-paid swap: below the gasless minimum, sent by the user in 0x[0-9a-f]{64}, confirmed: .*"tracked":true/);
  });
});
