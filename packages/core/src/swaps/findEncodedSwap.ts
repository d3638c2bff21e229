import { and, eq } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { encodedSwaps, type EncodedSwap } from "../db/schema/swaps.js";

/** The swap Sluice encoded on `chain` whose calldata hashes (keccak256) to `calldataHash`, if any. */
export async function findEncodedSwap(db: Database, chain: string, calldataHash: string): Promise<EncodedSwap | undefined> {
  const [swap] = await db.select().from(encodedSwaps)
    .where(and(eq(encodedSwaps.chain, chain), eq(encodedSwaps.calldataHash, calldataHash.toLowerCase()))).limit(1);
  return swap;
}
