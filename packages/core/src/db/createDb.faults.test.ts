/**
 * A connection to Postgres cut under the driver — idle in the pool, or checked out inside a transaction between two
 * statements — with both drivers, through real proxies: the process must not see an uncaught "error" event (on the
 * Node host that would end every area at once), the query that meets the cut fails as DEPENDENCY_DOWN, and the same
 * handle works again once Postgres is back.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startNeonWsProxy, startTcpProxy, startTestDatabase, useNodeWebSocketForNeon, type TestDatabase,
} from "@sluice/testkit";
import { toSluiceError } from "../errors/onError.js";
import { createDb, type CreateDbReturnType } from "./createDb.js";

type CutPath = { handle: CreateDbReturnType; down: () => void; up: () => void; close: () => Promise<void> };

/** A database handle of `driver` whose connections all pass through a proxy the test can cut. */
async function openThroughProxy(driver: "pg" | "neon", url: string): Promise<CutPath> {
  if (driver === "neon") {
    useNodeWebSocketForNeon();
    const proxy = await startNeonWsProxy();
    const handle = createDb({ url, driver, wsProxy: proxy.setting });
    return { handle, down: proxy.down, up: proxy.up, close: async () => { await handle.close().catch(() => {}); await proxy.close(); } };
  }
  const direct = new URL(url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const handle = createDb({ url: Object.assign(new URL(url), { port: String(proxy.port) }).toString(), driver });
  return { handle, down: proxy.down, up: proxy.up, close: async () => { await handle.close().catch(() => {}); await proxy.close(); } };
}

const failureOf = (work: Promise<unknown>) => work.then(() => undefined, (error: unknown) => error);
/** Long enough for the proxy's close to reach the driver's socket. */
const CUT_SETTLES_MS = 300;

describe("createDb when the connection is cut", () => {
  let database: TestDatabase;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => void uncaught.push(error);
  beforeAll(async () => {
    database = await startTestDatabase("sluice_createdb_cut");
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(() => {
    uncaught.length = 0;
    process.on("uncaughtException", record);
  });
  afterEach(() => {
    process.off("uncaughtException", record);
  });

  for (const driver of ["pg", "neon"] as const) {
    it(`${driver}: an idle connection cut is no uncaught error; the next query is DEPENDENCY_DOWN, then works again`, async () => {
      const path = await openThroughProxy(driver, database.url);
      const { db } = path.handle;
      try {
        expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
        path.down();
        await sleep(CUT_SETTLES_MS);
        const failure = await failureOf(db.execute(sql`select 1`));
        expect(failure).toBeInstanceOf(Error);
        expect(toSluiceError(failure).code).toBe("DEPENDENCY_DOWN");
        path.up();
        expect((await db.execute<{ two: number }>(sql`select 2 as two`)).rows).toEqual([{ two: 2 }]);
      } finally {
        await path.close();
      }
      expect(uncaught.map((e) => (e instanceof Error ? e.message : String(e)))).toEqual([]);
    });

    it(`${driver}: a connection cut inside a transaction, between statements, is no uncaught error; it fails as DEPENDENCY_DOWN`, async () => {
      const path = await openThroughProxy(driver, database.url);
      const { db } = path.handle;
      try {
        const failure = await failureOf(db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          path.down();
          await sleep(CUT_SETTLES_MS);
          await tx.execute(sql`select 2`);
        }));
        expect(failure).toBeInstanceOf(Error);
        expect(toSluiceError(failure).code).toBe("DEPENDENCY_DOWN");
        path.up();
        expect((await db.execute<{ three: number }>(sql`select 3 as three`)).rows).toEqual([{ three: 3 }]);
      } finally {
        await path.close();
      }
      expect(uncaught.map((e) => (e instanceof Error ? e.message : String(e)))).toEqual([]);
    });
  }
});
