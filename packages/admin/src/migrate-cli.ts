import { migrateDatabase } from "./migrateDatabase.js";
import { resolveConfig } from "./resolveConfig.js";

const { databaseUrl } = resolveConfig();
await migrateDatabase(databaseUrl);
console.log(JSON.stringify({ ok: true, migrated: new URL(databaseUrl).pathname.slice(1) }));
