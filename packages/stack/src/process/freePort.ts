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

/**
 * Ports the Fetch standard blocks ("bad ports"): `fetch` refuses them outright (undici: "bad port"), so a server there
 * cannot be reached by the tests or the stack's own fetches. A run once failed when a probe was given 10080.
 * https://fetch.spec.whatwg.org/#port-blocking
 */
const FETCH_BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that is free now, outside the kernel's ephemeral range, not one `fetch` refuses, and not
 * handed out before by this process. Chosen at random in 10000 … (start of the ephemeral range − 1), so concurrent runs on one machine rarely
 * try the same port; each candidate is checked by binding it.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralLow - 1);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port) || FETCH_BAD_PORTS.has(port)) continue;
    if (await isFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free TCP port on 127.0.0.1 between ${low} and ${high} after 200 attempts`);
}
