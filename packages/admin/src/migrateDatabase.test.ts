import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase } from "./migrateDatabase.js";

const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `sluice_migrate_${randomBytes(4).toString("hex")}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function query<T extends pg.QueryResultRow>(sql: string, database = url) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try { return (await client.query<T>(sql)).rows; } finally { await client.end(); }
}

afterAll(async () => { await query(`drop database if exists ${name} with (force)`, server); });

describe("migrations", () => {
  it("create the schema on an empty database, and a second run changes nothing", async () => {
    await migrateDatabase(url); // creates the database too
    const tables = (await query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1")).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(["accounts", "api_keys", "usage_events"]));
    const applied = await query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations");
    await migrateDatabase(url);
    expect(await query<{ n: string }>("select count(*)::text as n from drizzle.__drizzle_migrations")).toEqual(applied);
  });

  it("the schema enforces its rules itself (bps ranges, slug format, money as numeric)", async () => {
    await expect(query("insert into accounts (id, slug, name, rebate_bps) values ('a1', 'ok-slug', 'n', 10001)")).rejects.toThrow(/rebate_bps_range/);
    await expect(query("insert into accounts (id, slug, name) values ('a2', 'Bad Slug', 'n')")).rejects.toThrow(/slug_format/);
    const [column] = await query<{ data_type: string }>(
      "select data_type from information_schema.columns where table_name = 'usage_events' and column_name = 'volume_usd'");
    expect(column!.data_type).toBe("numeric");
  });
});
