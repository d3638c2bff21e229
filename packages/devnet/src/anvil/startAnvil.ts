import { spawn, type ChildProcess } from "node:child_process";
import { anvilBinaryPath } from "./anvilBinary.js";

export type AnvilOptions = {
  /** With `forkUrl`, the chain id the forked RPC must answer (anvil takes the fork's own). */
  chainId: number;
  /** 0 lets the operating system choose a free port (read back from anvil's output). */
  port: number;
  /** Genesis block timestamp (unix seconds); the devnet starts its clocks in the past to age trades. Not with `forkUrl`. */
  genesisTimestamp?: number;
  /** Run as a fork of this RPC's latest block (`anvil --fork-url`): its state is read from there on demand. */
  forkUrl?: string;
  /** Block gas limit; seeding packs thousands of transactions into one block. */
  gasLimit?: bigint;
};

export type AnvilNode = {
  pid: number;
  port: number;
  rpcUrl: string;
  stop(): Promise<void>;
  /** Synchronous last-resort kill, for process exit handlers. */
  killNow(): void;
};

const startTimeoutMs = 15_000;

/**
 * Starts one anvil bound to 127.0.0.1 in its own process group (`detached`), so stopping it signals exactly that
 * group and never anything found by name.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const args = [
    "--host", "127.0.0.1",
    "--port", String(options.port),
    ...(options.forkUrl
      ? ["--fork-url", options.forkUrl]
      : ["--chain-id", String(options.chainId), "--timestamp", String(options.genesisTimestamp ?? Math.floor(Date.now() / 1000))]),
    "--gas-limit", String(options.gasLimit ?? 1_000_000_000_000n),
    "--no-request-size-limit",
    "--accounts", "10",
    "--balance", "10000",
  ];
  const child = spawn(anvilBinaryPath(), args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`anvil for chain ${options.chainId} did not start`);
  const pid = child.pid;
  const port = await waitForListening(child, options.chainId);
  const rpcUrl = `http://127.0.0.1:${port}`;

  const killNow = () => signalGroup(pid, "SIGKILL");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    signalGroup(pid, "SIGTERM");
    const timer = setTimeout(killNow, 3_000);
    await exited;
    clearTimeout(timer);
  };
  return { pid, port, rpcUrl, stop, killNow };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/** Resolves with the port once anvil prints `Listening on 127.0.0.1:PORT`; rejects with its output if it exits. */
function waitForListening(child: ChildProcess, chainId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`anvil for chain ${chainId} did not listen within ${startTimeoutMs} ms`)), startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        cleanup();
        // Keep draining anvil's output so a full pipe never blocks it; the text itself is not needed.
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) => fail(new Error(`anvil for chain ${chainId} exited (${code}): ${output.slice(-2000)}`));
    const fail = (error: Error) => {
      cleanup();
      if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.stderr?.off("data", onData);
      child.off("exit", onExit);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
  });
}
