import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { createDb, type CreateDbReturnType } from "@sluice/core";

export type TestDatabase = CreateDbReturnType & { url: string; drop: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL("../../../../drizzle", import.meta.url));

/**
 * A fresh PostgreSQL database with every migration applied, for one test file (`TEST_POSTGRES_URL` names the server;
 * default the local one). `drop()` closes the connection and removes the database.
 */
export async function startTestDatabase(prefix = "sluice_unit"): Promise<TestDatabase> {
  const server = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try { await client.query(sqlText); } finally { await client.end(); }
  };
  await admin(`create database ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
  const database = createDb({ url });
  return {
    ...database, url,
    drop: async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
