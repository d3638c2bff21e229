import { eq, or } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { accounts, type Account } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";

/** Finds an account by id or slug; NOT_FOUND otherwise. */
export async function findAccount(db: Pick<Database, "select">, idOrSlug: string): Promise<Account> {
  const [account] = await db.select().from(accounts)
    .where(or(eq(accounts.id, idOrSlug), eq(accounts.slug, idOrSlug))).limit(1);
  if (!account) throw new SluiceError("NOT_FOUND", `account: no account '${idOrSlug}'`);
  return account;
}
