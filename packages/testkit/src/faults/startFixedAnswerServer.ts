import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FixedAnswer = {
  status: number;
  /** Default `text/html`: what a load balancer or CDN in front of a service answers when the service is not there. */
  contentType?: string;
  body: string;
  /** Answer this long after each request arrived (default at once): a dependency that is slow before it fails. */
  delayMs?: number;
};

export type FixedAnswerServer = {
  /** `http://127.0.0.1:<port>`: a Redis REST endpoint, an API, anything spoken to over HTTP. */
  url: string;
  /** Requests answered so far. */
  readonly requests: number;
  close: () => Promise<void>;
};

/**
 * An HTTP server on 127.0.0.1 that answers every request with the same status and body, whatever was asked: a
 * dependency whose front (a proxy's HTML 502, a service's JSON 503) answers instead of the service itself.
 */
export async function startFixedAnswerServer({ status, contentType = "text/html", body, delayMs = 0 }: FixedAnswer): Promise<FixedAnswerServer> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on("end", () => setTimeout(() => {
      if (!res.destroyed) res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) }).end(body);
    }, delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() { return requests; },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
