import { and, desc, lt, type SQL } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { adminActions, type AdminActionRow } from "../db/schema/audit.js";

export type ListAdminActionsParameters = {
  /** At most this many, newest first (1–500). */
  limit: number;
  /** Only actions before this time (the previous page's last `at`). */
  before?: Date;
};

/** Operator actions, newest first: the audit trail `/admin/v1/audit` and `pnpm admin audit` show. */
export async function listAdminActions(db: Database, { limit, before }: ListAdminActionsParameters): Promise<AdminActionRow[]> {
  const filters: SQL[] = [];
  if (before) filters.push(lt(adminActions.at, before));
  return db.select().from(adminActions).where(and(...filters)).orderBy(desc(adminActions.at), desc(adminActions.id)).limit(limit);
}
