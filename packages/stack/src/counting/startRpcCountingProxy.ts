import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { OperationCounter } from "./createOperationCounter.js";

export type RpcCountingProxy = { url: string; close: () => Promise<void> };

export type StartRpcCountingProxyParameters = {
  /** The JSON-RPC endpoint to forward to (an anvil). */
  target: string;
  counter: OperationCounter;
  /** The counter's area (default `rpc`). */
  area?: string;
  /**
   * Each request waits this long before it is forwarded (default 0): a local node answers in about a millisecond, a
   * provider's in tens, so a benchmark can show what a round trip more or less on the serial path costs.
   */
  latencyMs?: number;
};

/**
 * An HTTP proxy on 127.0.0.1 in front of a JSON-RPC endpoint that counts every call by method name — each member of
 * a JSON-RPC batch separately, and the request itself as one round trip — then forwards the body unchanged (after
 * `latencyMs`) and answers with the endpoint's answer.
 */
export async function startRpcCountingProxy(p: StartRpcCountingProxyParameters): Promise<RpcCountingProxy> {
  const area = p.area ?? "rpc";
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === "POST") {
        p.counter.roundTrip(area);
        for (const method of rpcMethods(body)) p.counter.count(area, method);
      }
      try {
        if (p.latencyMs) await new Promise((resolve) => setTimeout(resolve, p.latencyMs));
        const upstream = await fetch(p.target, {
          method: req.method, body: req.method === "POST" ? body : undefined,
          headers: { "content-type": String(req.headers["content-type"] ?? "application/json") },
        });
        const answer = Buffer.from(await upstream.arrayBuffer());
        res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json", "content-length": answer.length });
        res.end(answer);
      } catch {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      }
    })();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** The method names of a JSON-RPC request or batch; `invalid` for a body that is neither. */
function rpcMethods(body: Buffer): string[] {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as unknown;
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) => (typeof (call as { method?: unknown })?.method === "string" ? (call as { method: string }).method : "invalid"));
  } catch {
    return ["invalid"];
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
