import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../process/freePort.js";
import { startWrangler, WORKERD_V8_FLAGS } from "./startWrangler.js";

const dir = mkdtempSync(join(tmpdir(), "sluice-v8-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function stackTraceLimit(v8Flags: readonly string[]): Promise<string> {
  const started = await startWrangler({
    name: "V8 flags fixture", configs: ["packages/stack/src/wrangler/fixtures/v8Flags/wrangler.toml"],
    port: await freePort(), secrets: {}, registryPath: join(dir, "registry"), v8Flags,
  });
  try {
    return await (await fetch(started.url)).text();
  } finally {
    await started.stop();
  }
}

describe("startWrangler: V8 flags for workerd (docs/workerd-livelock.md)", () => {
  it("workerd runs with the stack's flags, and V8 applies what the configuration names", async () => {
    expect(await stackTraceLimit(WORKERD_V8_FLAGS)).toBe("10");
    expect(await stackTraceLimit([...WORKERD_V8_FLAGS, "--stack-trace-limit=7"])).toBe("7");
  });

  it("a flag V8 does not know stops workerd from starting (a mistyped flag is not ignored)", async () => {
    // workerd's reason ("unrecognized V8 flag") goes to wrangler's debug log; its output says the runtime failed.
    await expect(stackTraceLimit(["--sluice-no-such-flag"])).rejects.toMatchObject({
      message: expect.stringMatching(/exited \(1\) before it was ready/),
      output: expect.stringMatching(/Workers runtime failed to start/),
    });
  });
});
