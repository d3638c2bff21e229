/**
 * Neon's serverless driver (what the workers use in production) against the local PostgreSQL through the proxy,
 * from Node: the same createDb the workers call, with `driver: "neon"` and `NEON_WS_PROXY`.
 */
import { createServer, type Socket } from "node:net";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import pg from "pg";
import { WebSocket } from "ws";
import { neonConfig } from "@neondatabase/serverless";
import { createDb, toSluiceError } from "@sluice/core";
import { startNeonWsProxy, type NeonWsProxy } from "./startNeonWsProxy.js";

const url = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Backends of this server whose client is Neon's driver (it names itself in `application_name`). */
async function neonBackends(): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name like 'pkg:npm/%40neondatabase/serverless%' and pid <> pg_backend_pid()",
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

describe("the Neon WebSocket proxy", () => {
  let proxy: NeonWsProxy;
  beforeAll(async () => {
    // Node 20 has no global WebSocket (workerd has one); the driver takes a constructor instead.
    neonConfig.webSocketConstructor = WebSocket as unknown as typeof neonConfig.webSocketConstructor;
    proxy = await startNeonWsProxy();
  });
  afterAll(async () => { await proxy?.close(); });

  it("carries Neon's driver to PostgreSQL: queries, large results, and the connection closes with the pool", async () => {
    expect(proxy.setting).toBe(`127.0.0.1:${proxy.port}/v2`);
    const before = proxy.connections();
    const { db, close } = createDb({ url, driver: "neon", wsProxy: proxy.setting });
    try {
      const { rows } = await db.execute<{ app: string; n: number; big: string }>(
        sql`select current_setting('application_name') as app, ${41}::int + 1 as n, repeat('x', 300000) as big`,
      );
      expect(rows[0]!.app).toMatch(/^pkg:npm\/%40neondatabase\/serverless/);
      expect(rows[0]!.n).toBe(42);
      expect(rows[0]!.big).toHaveLength(300_000);
      expect(proxy.connections()).toBe(before + 1);
      // A transaction on the same connection (the driver's interactive path, as the ledger uses it).
      const inTx = await db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one);
      expect(inTx).toBe(1);
      expect((await neonBackends()).length).toBeGreaterThan(0);
    } finally {
      await close();
    }
    // Closing the pool closes the WebSocket, and the proxy closes the TCP connection with it.
    await expect.poll(neonBackends, { timeout: 5_000 }).toEqual([]);
  });

  it("down: the driver's failure is a DEPENDENCY_DOWN, and queries work again once it is up", async () => {
    proxy.down();
    const failing = createDb({ url, driver: "neon", wsProxy: proxy.setting });
    try {
      const error = await failing.db.execute(sql`select 1`).then(() => undefined, (e: unknown) => e);
      expect(error).toBeDefined();
      expect(toSluiceError(error).code).toBe("DEPENDENCY_DOWN");
    } finally {
      await failing.close().catch(() => {});
      proxy.up();
    }
    const working = createDb({ url, driver: "neon", wsProxy: proxy.setting });
    try {
      expect((await working.db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]!.one).toBe(1);
    } finally {
      await working.close();
    }
  });

  it("forwards bytes both ways unchanged, and closes the WebSocket when the TCP side closes (and the reverse)", async () => {
    const accepted: Socket[] = [];
    const echo = createServer((socket) => { accepted.push(socket); socket.on("data", (d) => socket.write(Buffer.concat([Buffer.from("echo:"), d]))); });
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const address = `127.0.0.1:${(echo.address() as { port: number }).port}`;
    try {
      const open = async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/v2?address=${address}`);
        await once(ws, "open");
        return ws;
      };
      // Bytes through and back; then the server ends the connection and the WebSocket closes.
      const first = await open();
      const payload = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      first.send(payload);
      const [answer] = await once(first, "message");
      expect(Buffer.compare(answer as Buffer, Buffer.concat([Buffer.from("echo:"), payload]))).toBe(0);
      accepted[0]!.destroy();
      await once(first, "close");
      // The client closes the WebSocket: the proxy closes the TCP connection.
      const second = await open();
      await expect.poll(() => accepted.length).toBe(2);
      const closed = once(accepted[1]!, "close");
      second.close();
      await closed;
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });

  it("reaches only loopback addresses", async () => {
    const outcome = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${proxy.port}/v2?address=example.com:5432`);
      ws.on("open", () => { ws.close(); resolve("open"); });
      ws.on("error", () => resolve("refused"));
    });
    expect(outcome).toBe("refused");
  });
});
