import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** Ports this process has handed out: never handed out twice, even once their first user has exited. */
const handedOut = new Set<number>();

/**
 * The kernel's ephemeral range: ports it gives to `listen(0)` (anvil picks its port this way) and to outgoing
 * connections. A port chosen inside it can be taken by such a bind between our check and its use — a run once failed
 * when the sandbox's port went to a devnet node started in between — so `freePort` chooses below it.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    if (low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // not Linux: fall back to the IANA dynamic range
  }
  return [49152, 65535];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that is free now, outside the kernel's ephemeral range, and not handed out before by this
 * process. Chosen at random in 10000 … (start of the ephemeral range − 1), so concurrent runs on one machine rarely
 * try the same port; each candidate is checked by binding it.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralLow - 1);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port)) continue;
    if (await isFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free TCP port on 127.0.0.1 between ${low} and ${high} after 200 attempts`);
}
