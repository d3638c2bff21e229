import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = {
  headers: Record<string, string>;
  body: string;
  json: { id: string; type: string; created_at: string; data: Record<string, any> };
  receivedAt: number;
  path: string;
};

/** What the receiver does with a request: answer a status (and optional headers/body), or never answer. */
export type ReceiverAnswer = number | { status: number; headers?: Record<string, string>; body?: string } | "hang";

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>/<path>` */
  url: (path?: string) => string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (default 200). */
  respond: (answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer>) => void;
  /** Waits until `predicate` holds for the received requests. */
  waitFor: (predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  stop: () => Promise<void>;
};

/** A partner's webhook receiver in the test: an HTTP server on 127.0.0.1 that records every request. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer> = () => 200;
  const hanging = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: ReceivedWebhook["json"];
      try { json = JSON.parse(body); } catch { json = { id: "", type: "", created_at: "", data: {} }; }
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const entry: ReceivedWebhook = { headers, body, json, receivedAt: Date.now(), path: request.url ?? "/" };
      received.push(entry);
      const reply = await answer(entry);
      if (reply === "hang") { hanging.add(response); return; }
      const { status, headers: extra, body: text } = typeof reply === "number" ? { status: reply, headers: {}, body: "" } : reply;
      response.writeHead(status, { "content-type": "text/plain", ...extra });
      response.end(text ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    received,
    respond: (next) => { answer = next; },
    waitFor: async (predicate, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > until) throw new Error(`webhook receiver: condition not met in time; received ${JSON.stringify(received.map((r) => [r.json.type, r.json.id]))}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return received;
    },
    stop: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Checks `X-Sluice-Signature` as a partner would, written here independently of Sluice's signing code:
 * `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 */
export function hasValidSignature(secret: string, received: ReceivedWebhook): boolean {
  const header = received.headers["x-sluice-signature"] ?? "";
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${received.body}`).digest();
  const given = Buffer.from(match[2]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}
