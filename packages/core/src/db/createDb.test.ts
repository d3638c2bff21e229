import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { isDependencyDown } from "../errors/isDependencyDown.js";
import { createDb } from "./createDb.js";

describe("createDb", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase("sluice_createdb");
  });
  afterAll(async () => {
    await database.drop();
  });

  it("fails a query whose answer does not come within queryTimeoutMs, as a dependency outage, and answers the next", async () => {
    // A server that stays silent is what a connection cut without a close event looks like to the client.
    const { db, close } = createDb({ url: database.url, driver: "pg", queryTimeoutMs: 200 });
    try {
      const failure = await db.execute(sql`select pg_sleep(2)`).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(isDependencyDown(failure)).toBe(true);
      const fresh = createDb({ url: database.url, driver: "pg", queryTimeoutMs: 200 });
      try {
        const { rows } = await fresh.db.execute(sql`select 41 + 1 as answer`);
        expect(rows).toEqual([{ answer: 42 }]);
      } finally {
        await fresh.close();
      }
    } finally {
      await close();
    }
  });
});
