/**
 * A single empty anvil node for the executor's tests, used until the devnet's own `startDevnet` can host them.
 * It binds to 127.0.0.1 on a free port, runs in its own process group and is stopped by that group's id only.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

export type BareAnvil = { rpcUrl: string; stop(): Promise<void> };

/** The native binary shipped by the platform package that `@foundry-rs/anvil` depends on. */
function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const wrapper = require.resolve("@foundry-rs/anvil/package.json");
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}/package.json`;
  return join(dirname(createRequire(wrapper).resolve(platformPackage)), "bin", "anvil");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForRpc(rpcUrl: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`anvil did not answer at ${rpcUrl}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startBareAnvil(chainId: number): Promise<BareAnvil> {
  const port = await freePort();
  const child = spawn(
    anvilBinaryPath(),
    ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--silent"],
    { detached: true, stdio: "ignore" },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error("anvil did not start");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    await exited;
  };
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForRpc(rpcUrl, 15_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { rpcUrl, stop };
}
