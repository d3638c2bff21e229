import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { accounts, type Account } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { findAccount } from "./findAccount.js";

export type UpdateAccountParameters = {
  name?: string;
  rebateBps?: number;
  rebateActive?: boolean;
  /** Slug of the referrer, or null to remove the referral. */
  referrerSlug?: string | null;
  referralBps?: number;
};

/** Changes an account's name, rates or referral. Fields left out keep their value. */
export async function updateAccount(db: Database, idOrSlug: string, params: UpdateAccountParameters): Promise<Account> {
  const account = await findAccount(db, idOrSlug);
  let referrerId = account.referrerId;
  if (params.referrerSlug !== undefined) {
    referrerId = params.referrerSlug === null ? null : (await findAccount(db, params.referrerSlug)).id;
    if (referrerId === account.id) throw new SluiceError("MALFORMED_REQUEST", "referrerSlug: an account cannot refer itself");
  }
  const [updated] = await db.update(accounts).set({
    name: params.name ?? account.name,
    rebateBps: params.rebateBps ?? account.rebateBps,
    rebateActive: params.rebateActive ?? account.rebateActive,
    referrerId,
    referralBps: referrerId ? (params.referralBps ?? account.referralBps) : 0,
    updatedAt: sql`now()`,
  }).where(eq(accounts.id, account.id)).returning();
  return updated!;
}
