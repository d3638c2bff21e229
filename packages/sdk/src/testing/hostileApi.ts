/**
 * Whoever answers at a client's `baseUrl`: an HTTP server on 127.0.0.1 whose answers the test decides, request by
 * request (an honest one, built as Sluice's API builds it, or a hostile one). It records what it was asked.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ApiReply = { status: number; body: unknown };
export type ApiHandler = (path: string, body: Record<string, unknown>) => ApiReply | Promise<ApiReply>;

export type HostileApi = {
  url: string;
  /** Every request so far: its path and JSON body. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** From now on, answer with this. */
  answer: (handler: ApiHandler) => void;
  close: () => Promise<void>;
};

export async function startHostileApi(): Promise<HostileApi> {
  let handler: ApiHandler = () => ({ status: 404, body: { ok: false, error: "Not found", code: "NOT_FOUND" } });
  const requests: HostileApi["requests"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
        const text = Buffer.concat(chunks).toString("utf8");
        const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
        requests.push({ path, body });
        let reply: ApiReply;
        try {
          reply = await handler(path, body);
        } catch (error) {
          reply = { status: 500, body: { ok: false, error: String(error), code: "INTERNAL" } };
        }
        const json = JSON.stringify(reply.body, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
        res.writeHead(reply.status, { "content-type": "application/json" }).end(json);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (next) => { handler = next; },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
