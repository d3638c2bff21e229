import { desc, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { adminActions, type AdminActionRow } from "../db/schema/audit.js";

export type ListAdminActionsParameters = {
  /** At most this many, newest first (1–500). */
  limit: number;
  /** Only actions older than this one (the previous page's last `id`); an unknown id lists nothing. */
  before?: string;
};

/**
 * Operator actions, newest first (by time, then id): the audit trail `/admin/v1/audit` and `pnpm admin audit` show.
 * Paged by the last action's id, compared in the database at the stored precision, so no action is skipped or
 * repeated between pages, also when several share a millisecond.
 */
export async function listAdminActions(db: Database, { limit, before }: ListAdminActionsParameters): Promise<AdminActionRow[]> {
  const older = before === undefined ? undefined
    : sql`(${adminActions.at}, ${adminActions.id}) < (select a.at, a.id from admin_actions a where a.id = ${before})`;
  return db.select().from(adminActions).where(older).orderBy(desc(adminActions.at), desc(adminActions.id)).limit(limit);
}
