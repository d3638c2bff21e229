import { spawnSync } from "node:child_process";
import { canConnect } from "../process/canConnect.js";
import { freePort } from "../process/freePort.js";
import { startProcess } from "../process/startProcess.js";

export type ResolveRedisParameters = {
  /** An explicit Redis URL (REDIS_URL); used as is. */
  url?: string;
  /** Logical database on the local server, so the dev stack and the tests never share keys. */
  database: number;
};

export type ResolvedRedis = { url: string; stop: () => Promise<void> };

/**
 * The Redis the stack uses: REDIS_URL when set, otherwise the local server on 127.0.0.1:6379, otherwise a
 * private `redis-server` started here (in memory, 127.0.0.1, a free port) and stopped with the stack.
 */
export async function resolveRedis({ url, database }: ResolveRedisParameters): Promise<ResolvedRedis> {
  const none = async () => {};
  if (url) return { url, stop: none };
  if (await canConnect("127.0.0.1", 6379)) return { url: `redis://127.0.0.1:6379/${database}`, stop: none };
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    throw new Error("No Redis is listening on 127.0.0.1:6379, REDIS_URL is not set and redis-server is not installed.");
  }
  const port = await freePort();
  const server = await startProcess({
    name: "redis-server",
    command: "redis-server",
    args: ["--bind", "127.0.0.1", "--port", String(port), "--save", "", "--appendonly", "no"],
    readyWhen: /Ready to accept connections/,
    timeoutMs: 15_000,
  });
  return { url: `redis://127.0.0.1:${port}/${database}`, stop: server.stop };
}
