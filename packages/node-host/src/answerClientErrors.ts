import { STATUS_CODES, type Server } from "node:http";
import type { Duplex } from "node:stream";

/** Node's own refusals before a request reaches the app, by its parser's error code: status and what to say. */
function refusalOf(code: string | undefined): { status: number; message: string } {
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, message: "headers: larger than this server accepts (16 KB in all)" };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, message: "request: its headers did not arrive in time" };
  return { status: 400, message: "request: not a valid HTTP/1.1 request" };
}

/**
 * Answers what Node's HTTP parser refuses (headers too large, a malformed request line, a request that never finishes
 * its headers) the way the app answers bad input: JSON with `ok: false`, the error and `code: MALFORMED_REQUEST`,
 * instead of Node's bare status line. Written to the socket directly (no request or response exists yet; Node's
 * `clientError`), then the connection is closed. A socket already reset or mid-answer is only closed.
 */
export function answerClientErrors(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const { status, message } = refusalOf(error.code);
    const body = JSON.stringify({ ok: false, error: message, code: "MALFORMED_REQUEST" });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
      + `Connection: close\r\n\r\n${body}`);
  });
}
