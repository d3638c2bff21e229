import { createServer, type IncomingMessage } from "node:http";
import { connect, isIP, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";

export type NeonWsProxy = {
  port: number;
  /** The `NEON_WS_PROXY` setting that makes Neon's driver connect through this proxy: `127.0.0.1:<port>/v2`. */
  setting: string;
  /** WebSockets accepted so far (each is one Postgres connection). */
  connections: () => number;
  /** Cuts every open connection and refuses new WebSockets, like a crash (the fault control's interface). */
  down: () => void;
  up: () => void;
  isDown: () => boolean;
  close: () => Promise<void>;
};

/** Hosts a WebSocket may ask to reach: this machine only (the proxy is for local development and tests). */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/**
 * A WebSocket-to-TCP proxy on 127.0.0.1, the local stand-in for Neon's own proxy: Neon's serverless driver opens
 * `ws://<proxy>?address=<host>:<port>` for each Postgres connection and speaks the Postgres protocol in binary
 * frames; each frame goes to `<host>:<port>` over TCP and each TCP chunk comes back as a frame. The WebSocket and
 * its TCP connection close together. Only loopback addresses are reached. (Neon documents the same arrangement
 * for local development with its `wsproxy`.)
 */
export async function startNeonWsProxy(): Promise<NeonWsProxy> {
  let down = false;
  let accepted = 0;
  const open = new Set<{ ws: WebSocket; tcp: Socket }>();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const server = createServer((_request, response) => response.writeHead(426, { "content-type": "text/plain" }).end("WebSocket only\n"));

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = down ? undefined : targetOf(request);
    if (!target) return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      accepted++;
      const tcp = connect(target);
      tcp.setNoDelay(true);
      const pair = { ws, tcp };
      open.add(pair);
      const closeBoth = () => {
        if (!open.delete(pair)) return;
        tcp.destroy();
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.terminate();
      };
      ws.on("message", (data, isBinary) => {
        const chunks = Array.isArray(data) ? data : [data instanceof ArrayBuffer ? Buffer.from(data) : data];
        for (const chunk of chunks) tcp.write(isBinary ? chunk : Buffer.from(chunk.toString()));
      });
      tcp.on("data", (chunk) => ws.send(chunk, { binary: true }));
      ws.on("close", closeBoth);
      ws.on("error", closeBoth);
      tcp.on("close", closeBoth);
      tcp.on("error", closeBoth);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const cutAll = () => {
    for (const { ws, tcp } of [...open]) { tcp.destroy(); ws.terminate(); }
    open.clear();
  };
  return {
    port,
    setting: `127.0.0.1:${port}/v2`,
    connections: () => accepted,
    down: () => { down = true; cutAll(); },
    up: () => { down = false; },
    isDown: () => down,
    close: async () => {
      cutAll();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The TCP target a WebSocket asks for (`?address=host:port`), when it is a loopback address. */
function targetOf(request: IncomingMessage): { host: string; port: number } | undefined {
  const address = new URL(request.url ?? "/", "http://proxy").searchParams.get("address");
  const match = address ? /^(.+):(\d{1,5})$/.exec(address) : null;
  if (!match) return undefined;
  const host = match[1]!.replace(/^\[(.*)\]$/, "$1");
  const port = Number(match[2]);
  if (!LOOPBACK.has(host) && !(isIP(host) === 4 && host.startsWith("127."))) return undefined;
  if (port < 1 || port > 65535) return undefined;
  return { host, port };
}
