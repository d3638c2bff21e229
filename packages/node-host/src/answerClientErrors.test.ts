/**
 * What Node's parser refuses is answered as JSON naming the problem, as the app answers bad input, never Node's bare
 * status line; a real server and raw sockets.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrors } from "./answerClientErrors.js";

let server: Server;
beforeAll(async () => {
  server = createServer((_req, res) => res.end("{\"ok\":true}"));
  answerClientErrors(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
});
afterAll(async () => { server.closeAllConnections(); await new Promise((resolve) => server.close(resolve)); });

/** Sends raw bytes and reads everything the server answers until it closes. */
async function raw(bytes: string): Promise<string> {
  const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
  socket.on("error", () => {});
  let answer = "";
  socket.on("data", (chunk) => { answer += chunk.toString(); });
  await once(socket, "connect");
  socket.write(bytes);
  await once(socket, "close");
  return answer;
}

const parsed = (answer: string) => ({ status: Number(answer.split(" ")[1]), type: /content-type: ([^\r]+)/i.exec(answer)?.[1], body: JSON.parse(answer.split("\r\n\r\n")[1]!) });

describe("answerClientErrors", () => {
  it("headers past the parser's limit: 431 in JSON naming the headers", async () => {
    const answer = parsed(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(answer).toEqual({ status: 431, type: "application/json", body: { ok: false, error: expect.stringMatching(/^headers: larger than/), code: "MALFORMED_REQUEST" } });
  });

  it("a request line that is not HTTP: 400 in JSON", async () => {
    const answer = parsed(await raw("NOT HTTP AT ALL\r\n\r\n"));
    expect(answer).toEqual({ status: 400, type: "application/json", body: { ok: false, error: "request: not a valid HTTP/1.1 request", code: "MALFORMED_REQUEST" } });
  });

  it("a valid request still reaches the app", async () => {
    expect(await raw("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\{"ok":true\}$/);
  });
});
