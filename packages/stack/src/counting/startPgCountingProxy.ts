import { startTcpProxy } from "../faults/startTcpProxy.js";
import type { OperationCounter } from "./createOperationCounter.js";
import { createPgStatementReader } from "./createPgStatementReader.js";

export type PgCountingProxy = { port: number; close: () => Promise<void> };

export type StartPgCountingProxyParameters = {
  target: { host: string; port: number };
  counter: OperationCounter;
  /** The counter's area (default `postgres`). */
  area?: string;
};

/**
 * A TCP proxy on 127.0.0.1 in front of Postgres that counts the statements clients run (`createPgStatementReader`):
 * by first keyword, and every write also as `write`. Bytes pass unchanged both ways (no TLS: the local Postgres); it is
 * the fault proxy (`startTcpProxy`) with a tap on what clients send.
 */
export async function startPgCountingProxy(p: StartPgCountingProxyParameters): Promise<PgCountingProxy> {
  const area = p.area ?? "postgres";
  const proxy = await startTcpProxy(p.target, {
    tapClient: () => {
      const read = createPgStatementReader(({ keyword, write }) => {
        p.counter.count(area, keyword);
        if (write) p.counter.count(`${area}-writes`, keyword);
      });
      return (chunk) => {
        try {
          read(chunk);
        } catch {
          // a message the reader does not understand is still forwarded
        }
      };
    },
  });
  return { port: proxy.port, close: proxy.close };
}
