import { createServer, connect, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Cuts every open connection and refuses new ones (they are accepted and reset at once), like a crash. */
  down: () => void;
  /**
   * Goes silent without a reset, like a peer that vanished (its host gone, a network partition): open connections stay
   * open but carry nothing more either way, ever; new ones are accepted and never answered, until `up`. What only a
   * client's own timeouts can detect.
   */
  stall: () => void;
  /** Forwards new connections again (connections cut or silenced before stay so: their clients must reconnect). */
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

type Link = { client: Socket; silence: () => void };

export async function startTcpProxy(target: { host: string; port: number }, options: StartTcpProxyOptions = {}): Promise<TcpProxy> {
  let down = false;
  let stalled = false;
  const links = new Set<Link>();
  const swallow = () => {};
  const server = createServer((client) => {
    if (down) return void client.destroy();
    let upstream: Socket | undefined;
    const link: Link = { client, silence: () => void client.on("data", swallow) };
    links.add(link);
    client.on("error", () => client.destroy());
    client.on("close", () => { links.delete(link); upstream?.destroy(); });
    // Stalled: accepted, read, never answered.
    if (stalled) return void link.silence();
    const forward = connect(target);
    upstream = forward;
    let silent = false;
    forward.on("error", () => forward.destroy());
    forward.on("close", () => { if (!silent) client.destroy(); });
    const tap = options.tapClient?.();
    if (tap) client.on("data", tap);
    client.pipe(forward).pipe(client);
    link.silence = () => {
      // The upstream goes (the client is never told); what the client sends from now on goes nowhere.
      silent = true;
      client.unpipe(forward);
      forward.unpipe(client);
      forward.destroy();
      client.on("data", swallow);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    down: () => { down = true; for (const link of links) link.client.destroy(); },
    stall: () => { stalled = true; for (const link of links) link.silence(); },
    up: () => { down = false; stalled = false; },
    isDown: () => down || stalled,
    close: () => new Promise((resolve) => { for (const link of links) link.client.destroy(); server.close(() => resolve()); }),
  };
}
