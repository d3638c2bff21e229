import { and, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { usageEvents } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { findAccount } from "./findAccount.js";

export type MarkEventsAsTestParameters = {
  account: string;
  /** Specific event ids; or a time range below. */
  eventIds?: string[];
  from?: Date;
  to?: Date;
  /** false un-marks. Default true. */
  isTest?: boolean;
};

/** Flags an account's usage events as operator-marked test traffic (they never earn rebates). */
export async function markEventsAsTest(db: Database, params: MarkEventsAsTestParameters): Promise<{ updated: number }> {
  const account = await findAccount(db, params.account);
  const filters: SQL[] = [eq(usageEvents.accountId, account.id)];
  if (params.eventIds?.length) filters.push(inArray(usageEvents.id, params.eventIds));
  if (params.from) filters.push(gte(usageEvents.createdAt, params.from));
  if (params.to) filters.push(lt(usageEvents.createdAt, params.to));
  if (filters.length === 1) throw new SluiceError("MALFORMED_REQUEST", "eventIds: give event ids or a from/to range");
  const rows = await db.update(usageEvents).set({ isTest: params.isTest ?? true })
    .where(and(...filters)).returning({ id: usageEvents.id });
  return { updated: rows.length };
}
