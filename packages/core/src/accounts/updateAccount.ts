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

/** Serialises changes of referrers, so two at once cannot close a loop neither sees alone. */
const REFERRAL_LOCK = 7_311_000_002;

/**
 * Changes an account's name, rates or referral. Fields left out keep their value: the account's row is locked while
 * it is read and written, so two changes at once both stay (each wrote back every field it had read, and the one
 * that finished last undid the other's rate change). A referrer must not be referred, directly or through others, by
 * the account itself: a loop of referrals would pay each account of it on the others' volume. A name cannot be emptied,
 * whoever calls: `""` is not left out (`??` keeps only a missing name), so it would be stored.
 */
export async function updateAccount(db: Database, idOrSlug: string, params: UpdateAccountParameters): Promise<Account> {
  if (params.name === "") throw new SluiceError("MALFORMED_REQUEST", "name: must not be empty");
  const { id } = await findAccount(db, idOrSlug);
  const referrer = typeof params.referrerSlug === "string" ? await findAccount(db, params.referrerSlug) : undefined;
  if (referrer?.id === id) throw new SluiceError("MALFORMED_REQUEST", "referrerSlug: an account cannot refer itself");
  return db.transaction(async (tx) => {
    if (referrer) await tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK})`);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, id)).for("update");
    if (!account) throw new SluiceError("NOT_FOUND", `account: no account '${idOrSlug}'`);
    const referrerId = params.referrerSlug === undefined ? account.referrerId : referrer?.id ?? null;
    if (referrer && referrer.id !== account.referrerId) {
      const loop = await tx.execute(sql`
        with recursive up(id, depth) as (
          select referrer_id, 1 from accounts where id = ${referrer.id}
          union all
          select a.referrer_id, up.depth + 1 from accounts a join up on a.id = up.id where up.depth < 1000
        )
        select 1 from up where id = ${id} limit 1`);
      if (loop.rows.length) {
        throw new SluiceError("MALFORMED_REQUEST", `referrerSlug: '${params.referrerSlug}' is referred by this account (directly or through others); referrals cannot form a loop`);
      }
    }
    if (!referrerId && params.referralBps) throw new SluiceError("MALFORMED_REQUEST", "referralBps: needs a referrerSlug");
    const [updated] = await tx.update(accounts).set({
      name: params.name ?? account.name,
      rebateBps: params.rebateBps ?? account.rebateBps,
      rebateActive: params.rebateActive ?? account.rebateActive,
      referrerId,
      referralBps: referrerId ? (params.referralBps ?? account.referralBps) : 0,
      updatedAt: sql`now()`,
    }).where(eq(accounts.id, account.id)).returning();
    return updated!;
  });
}
