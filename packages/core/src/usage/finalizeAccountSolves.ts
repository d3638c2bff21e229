import { chainClientLookup } from "../chains/chainClientLookup.js";
import { confirmationsLookup } from "../chains/confirmationsLookup.js";
import type { Database } from "../db/createDb.js";
import { finalizePendingSolves } from "./finalizePendingSolves.js";

export type FinalizeAccountSolvesParameters = { db: Database; sluiceChains: string | undefined; accountId: string };

/**
 * Before an account's usage or rebates are read: its gasless solves still pending are read back from their chains
 * (a few, with a short RPC timeout), so the answer shows what the chains say. A failure here never fails the read;
 * what stays pending is finalised by the swap worker's cron.
 */
/** Answers how many events it settled (each may have written a webhook event). */
export async function finalizeAccountSolves({ db, sluiceChains, accountId }: FinalizeAccountSolvesParameters): Promise<number> {
  try {
    const settled = await finalizePendingSolves({
      db, clientFor: chainClientLookup(sluiceChains, 3_000), confirmationsFor: confirmationsLookup(sluiceChains), accountId, limit: 20,
    });
    return settled.succeeded + settled.failed;
  } catch (error) {
    console.error("finalising pending solves before a read failed", accountId, error);
    return 0;
  }
}
