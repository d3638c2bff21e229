import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What operators did: every state-changing admin request (the admin API, the operator pages, the `pnpm admin` CLI),
 * with who, what, on which target, the request as sent (secrets removed) and how it ended. Append-only: nothing in
 * Sluice updates or deletes a row. Written by `recordAdminAction`, read by `/admin/v1/audit` and `pnpm admin audit`.
 */
export const adminActions = pgTable("admin_actions", {
  id: text("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  /** Where it came from: `api` (bearer ADMIN_TOKEN), `dashboard` (an operator session), `cli`. */
  surface: text("surface").$type<"api" | "dashboard" | "cli">().notNull(),
  /** Who, as far as the surface knows: `admin-token`, `operator-session:<hash prefix>`, `cli:<OS user>`. */
  actor: text("actor").notNull(),
  /** The route (`POST /admin/v1/accounts/{account}/keys`) or the CLI command (`update-account`). */
  action: text("action").notNull(),
  /** The account, key, period… the action names (its path parameters or positional arguments). */
  target: jsonb("target").$type<Record<string, string>>().notNull().default({}),
  /** The request's body or options, with anything secret-like removed (`redactAdminRequest`). */
  request: jsonb("request").$type<unknown>(),
  /** The HTTP status answered (the CLI: 200 when it succeeded, else its error's status). */
  status: integer("status").notNull(),
  /** The error code when it failed. */
  errorCode: text("error_code"),
}, (t) => [
  index("admin_actions_at_idx").on(t.at),
  check("admin_actions_surface", sql`${t.surface} in ('api', 'dashboard', 'cli')`),
]);

export type AdminActionRow = typeof adminActions.$inferSelect;
