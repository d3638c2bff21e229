/** A route's queries get a request's bound unless the route asks for a cron's (`longQueries`): real Postgres, real sleeps. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { REQUEST_QUERY_TIMEOUT_MS } from "../db/createDb.js";
import { createApp } from "./createApp.js";
import { longQueries } from "./longQueries.js";

let database: TestDatabase;
beforeAll(async () => { database = await startTestDatabase(); });
afterAll(async () => database?.drop());

function app() {
  const a = createApp({ name: "test", config: z.object({ DATABASE_URL: z.string() }) });
  const outlast = sql.raw(`select pg_sleep(${(REQUEST_QUERY_TIMEOUT_MS + 500) / 1000})`);
  a.get("/request", async (c) => { await c.get("services").db.execute(outlast); return c.json({ ok: true }); });
  a.get("/operator", longQueries(), async (c) => { await c.get("services").db.execute(outlast); return c.json({ ok: true }); });
  return a;
}

describe("longQueries", () => {
  it("a query past a request's bound fails the request as an outage; the same query on an operator route completes", async () => {
    const env = { DATABASE_URL: database.url };
    const [request, operator] = await Promise.all([app().request("/request", {}, env), app().request("/operator", {}, env)]);
    expect(request.status).toBe(503);
    expect(await request.json()).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
    expect(operator.status).toBe(200);
  }, 30_000);
});
