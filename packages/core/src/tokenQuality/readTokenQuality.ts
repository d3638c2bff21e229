import { and, asc, eq, inArray } from "drizzle-orm";
import type { ChainName } from "../chains/chains.js";
import type { Database } from "../db/createDb.js";
import { tokenQuality, type TokenQualityRow } from "../db/schema/index.js";

export type ReadTokenQualityParameters = {
  db: Database;
  chain: ChainName;
  /** Only these tokens (any case); all of the chain's when left out. */
  tokens?: readonly string[];
};

/** A chain's stored token quality rows (Postgres, not the cache), ordered by token address. */
export async function readTokenQuality({ db, chain, tokens }: ReadTokenQualityParameters): Promise<TokenQualityRow[]> {
  const where = tokens
    ? and(eq(tokenQuality.chain, chain), inArray(tokenQuality.token, tokens.map((t) => t.toLowerCase())))
    : eq(tokenQuality.chain, chain);
  if (tokens && tokens.length === 0) return [];
  return db.select().from(tokenQuality).where(where).orderBy(asc(tokenQuality.token));
}
