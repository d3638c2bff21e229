import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";

/**
 * Deletes webhook events older than `days` whose deliveries are all finished (delivered or failed), with their
 * deliveries and attempts (cascade): the delivery log partners read keeps a month. Bounded per call; the reporting
 * cron runs it every minute.
 */
export async function pruneWebhookHistory(db: Database, { days = 30, limit = 5000 }: { days?: number; limit?: number } = {}): Promise<number> {
  const deleted = await db.execute(sql`
    delete from webhook_events where id in (
      select ev.id from webhook_events ev
      where ev.created_at < now() - make_interval(days => ${days})
        and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.status = 'pending')
      limit ${limit})
    returning id`);
  return deleted.rows.length;
}
