import { createServer } from "node:http";
import type { TcpProxy } from "./startTcpProxy.js";

export type FaultControl = { url: string; close: () => Promise<void> };
/** What the control drives: a TCP proxy, or the Neon WebSocket proxy. */
export type FaultProxy = Pick<TcpProxy, "down" | "up" | "isDown">;

/**
 * A tiny HTTP control for the stack's fault proxies (tests only, 127.0.0.1):
 * `POST /faults/{name}/down`, `POST /faults/{name}/up`, `GET /faults` lists them with their state.
 */
export async function startFaultControl(proxies: Record<string, FaultProxy>): Promise<FaultControl> {
  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const match = /^\/faults\/([\w-]+)\/(down|up)$/.exec(request.url ?? "");
    if (request.method === "GET" && request.url === "/faults") {
      return answer(200, Object.fromEntries(Object.entries(proxies).map(([name, p]) => [name, p.isDown() ? "down" : "up"])));
    }
    if (request.method !== "POST" || !match) return answer(404, { ok: false, error: "no such fault" });
    const proxy = proxies[match[1]!];
    if (!proxy) return answer(404, { ok: false, error: `no fault named ${match[1]}` });
    if (match[2] === "down") proxy.down(); else proxy.up();
    return answer(200, { ok: true, [match[1]!]: match[2] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
