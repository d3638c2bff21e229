import { migrateDatabase } from "./migrateDatabase.js";
import { resolveConfig } from "./resolveConfig.js";

const { databaseUrl, missing } = resolveConfig();
if (!databaseUrl) {
  console.log(JSON.stringify({ ok: false, error: missing.database }));
  process.exit(1);
}
await migrateDatabase(databaseUrl);
console.log(JSON.stringify({ ok: true, migrated: new URL(databaseUrl).pathname.slice(1) }));
