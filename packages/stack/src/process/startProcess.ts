import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";

export type StartProcessParameters = {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Resolves when a line of output matches; rejects if the process exits first or the timeout passes. */
  readyWhen: RegExp;
  timeoutMs?: number;
  /** Where the process's output goes (a file); it is always kept in memory for error messages too. */
  logFile?: string;
  name: string;
};

export type StartedProcess = { pid: number; output: () => string; stop: () => Promise<void> };

/**
 * Starts a child in its own process group and stops it by that group (so grandchildren such as workerd go too).
 * Nothing is ever killed by name.
 */
export async function startProcess(params: StartProcessParameters): Promise<StartedProcess> {
  const child = spawn(params.command, params.args, {
    cwd: params.cwd, env: params.env, detached: true, stdio: ["ignore", "pipe", "pipe"],
  });
  const log = params.logFile ? createWriteStream(params.logFile, { flags: "a" }) : undefined;
  let output = "";
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${params.name} did not start within ${params.timeoutMs ?? 60_000} ms:\n${tail(output)}`)),
      params.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-64_000);
      log?.write(text);
      if (params.readyWhen.test(stripAnsi(output))) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    // The message shows the output's last lines; the error carries the whole of it (up to 64 KB), since a child's own
    // reason can be followed by its helpers' noise as they go down (esbuild's goroutine dump after wrangler's exit).
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`${params.name} exited (${code}) before it was ready:\n${tail(output)}`), { output: stripAnsi(output) }));
    });
  });
  const stop = () => stopGroup(child);
  try {
    await started;
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid!, output: () => output, stop };
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try { process.kill(-child.pid, "SIGTERM"); } catch { return; }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, "SIGKILL"); } catch { /* gone */ } }, 5_000);
  await exited;
  clearTimeout(timer);
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

function tail(text: string): string {
  return stripAnsi(text).split("\n").slice(-30).join("\n");
}
