/**
 * The gateway's viewer asset is written only when it differs: a running `wrangler dev` reloads the public entry on any
 * write to its asset folder, so the deploy check in the test suite must not touch it while the test stack runs.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prepareGatewayAssets } from "./prepareGatewayAssets.js";
import { fileURLToPath } from "node:url";

describe("prepareGatewayAssets", () => {
  it("leaves an up-to-date asset untouched", async () => {
    prepareGatewayAssets();
    const file = fileURLToPath(new URL("../public/docs/scalar.js", import.meta.url));
    const before = statSync(file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    prepareGatewayAssets();
    expect(statSync(file).mtimeMs).toBe(before);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
  });
});
