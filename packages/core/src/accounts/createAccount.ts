import { eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { accounts, type Account } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";

export type CreateAccountParameters = {
  slug: string;
  name: string;
  rebateBps?: number;
  rebateActive?: boolean;
  /** Slug of the account that referred this one. */
  referrerSlug?: string;
  /** The referrer's share of this account's qualifying volume, in bps. */
  referralBps?: number;
};

/** Creates a partner account. Its name must not be empty, whoever calls (the admin API's schema also says so). */
export async function createAccount(db: Database, params: CreateAccountParameters): Promise<Account> {
  if (params.name === "") throw new SluiceError("MALFORMED_REQUEST", "name: must not be empty");
  let referrerId: string | null = null;
  if (params.referrerSlug) {
    const [referrer] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.slug, params.referrerSlug));
    if (!referrer) throw new SluiceError("NOT_FOUND", `referrerSlug: no account with slug '${params.referrerSlug}'`);
    referrerId = referrer.id;
  }
  if (!referrerId && params.referralBps) {
    throw new SluiceError("MALFORMED_REQUEST", "referralBps: needs a referrerSlug");
  }
  const [created] = await db.insert(accounts).values({
    id: newId("acc"),
    slug: params.slug,
    name: params.name,
    rebateBps: params.rebateBps ?? 0,
    rebateActive: params.rebateActive ?? true,
    referrerId,
    referralBps: params.referralBps ?? 0,
  }).onConflictDoNothing({ target: accounts.slug }).returning();
  if (!created) throw new SluiceError("CONFLICT", `slug: an account with slug '${params.slug}' already exists`);
  return created;
}
