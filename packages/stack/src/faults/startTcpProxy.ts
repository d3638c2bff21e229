import { createServer, connect, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Cuts every open connection and refuses new ones (they are accepted and reset at once), like a crash. */
  down: () => void;
  up: () => void;
  isDown: () => boolean;
  close: () => Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of one of the stack's dependencies, so a test can take that dependency away
 * from the workers and give it back — a real outage as the workers see it, without stopping a shared server.
 */
export type StartTcpProxyOptions = {
  /** Called per connection; the function it returns sees every chunk the client sends (it cannot change them). */
  tapClient?: () => (chunk: Buffer) => void;
};

export async function startTcpProxy(target: { host: string; port: number }, options: StartTcpProxyOptions = {}): Promise<TcpProxy> {
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(target);
    const tap = options.tapClient?.();
    if (tap) client.on("data", tap);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on("error", () => pair.forEach((s) => s.destroy()));
      socket.on("close", () => { open.delete(socket); pair.forEach((s) => s.destroy()); });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    down: () => { down = true; for (const socket of open) socket.destroy(); },
    up: () => { down = false; },
    isDown: () => down,
    close: () => new Promise((resolve) => { for (const socket of open) socket.destroy(); server.close(() => resolve()); }),
  };
}
