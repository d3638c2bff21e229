import { connect } from "node:net";

export type LocalService = { name: string; url: string; install: string };

/** Whether something accepts TCP connections at the URL's host and port (within 1.5 s). */
function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || "127.0.0.1", port: Number(port || defaultPort) });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1_500, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Before `pnpm dev` starts anything: PostgreSQL and Redis must be reachable. Returns one message per missing service
 * saying where it was looked for and how to get it (empty when both answer).
 */
export async function requireLocalServices(env: { DATABASE_URL?: string; REDIS_URL?: string }): Promise<string[]> {
  const services = [
    { name: "PostgreSQL", url: env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", port: 5432, variable: "DATABASE_URL",
      install: "install it (Debian/Ubuntu: sudo apt install postgresql; macOS: brew install postgresql@16) and start it" },
    { name: "Redis", url: env.REDIS_URL ?? "redis://127.0.0.1:6379", port: 6379, variable: "REDIS_URL",
      install: "install it (Debian/Ubuntu: sudo apt install redis-server; macOS: brew install redis) and start it" },
  ];
  const missing: string[] = [];
  for (const s of services) {
    if (!(await reachable(s.url, s.port))) {
      const { host } = new URL(s.url);
      missing.push(`${s.name} is not reachable at ${host}: ${s.install}, or set ${s.variable} to one that runs.`);
    }
  }
  return missing;
}
