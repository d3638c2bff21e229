/**
 * The Postgres schema, one file per domain. Money: USD as `numeric` (exact), raw token amounts as
 * `numeric(78,0)`. Migrations in /drizzle are generated from these files with `pnpm db:generate --name NAME`.
 */
export * from "./accounts.js";
export * from "./usage.js";
export * from "./ledger.js";
export * from "./swaps.js";
export * from "./bridge.js";
export * from "./webhooks.js";
export * from "./tokenQuality.js";
export * from "./audit.js";
