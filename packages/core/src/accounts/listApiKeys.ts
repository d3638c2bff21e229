import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { apiKeys, type ApiKey } from "../db/schema/index.js";
import { findAccount } from "./findAccount.js";

/** An account's keys, newest first, without their hashes. */
export async function listApiKeys(db: Database, account: string): Promise<Omit<ApiKey, "keyHash">[]> {
  const { id } = await findAccount(db, account);
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, id)).orderBy(desc(apiKeys.createdAt));
  return rows.map(({ keyHash: _hash, ...rest }) => rest);
}
