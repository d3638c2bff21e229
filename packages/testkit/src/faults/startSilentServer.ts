import { createServer, type AddressInfo, type Socket } from "node:net";

export type SilentServer = {
  /** `http://127.0.0.1:<port>`: an RPC node, a Redis REST endpoint, anything spoken to over TCP. */
  url: string;
  /** Connections accepted so far (each one a request that will never be answered). */
  readonly connections: number;
  close: () => Promise<void>;
};

/**
 * A server on 127.0.0.1 that accepts connections and never answers: a dependency cut without a close event, as the
 * runtime sees it (only silence). What bounded waits are tested against.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connections() { return sockets.length; },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
