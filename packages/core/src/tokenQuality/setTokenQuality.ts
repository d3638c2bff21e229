import { sql } from "drizzle-orm";
import type { Database } from "../db/createDb.js";
import { tokenQuality } from "../db/schema/index.js";
import { SluiceError } from "../errors/SluiceError.js";
import { formatZodIssue } from "../errors/formatZodIssue.js";
import type { Redis } from "../redis/createRedis.js";
import { invalidateTokenQuality } from "./invalidateTokenQuality.js";
import { tokenQualityEntrySchema, type TokenQualityEntry } from "./tokenQualityEntry.js";

export type SetTokenQualityParameters = {
  db: Database;
  redis: Redis;
  entries: readonly TokenQualityEntry[];
  /** Where the scores come from: `operator`, `token-list:<name>`, `devnet-manifest`. */
  source: string;
  /** Who writes them: `cli`, `admin-api`, `stack`. */
  updatedBy: string;
};

export type SetTokenQualityReturnType = {
  /** How many rows were written (an address given twice for a chain counts once: the last score wins). */
  updated: number;
  /** False when Redis did not answer: readers see the new scores within `TOKEN_QUALITY_FRESH_MS`. */
  cacheInvalidated: boolean;
};

/**
 * Writes token quality scores (one transaction; all or nothing) and drops the cached scores and token lists of the
 * chains touched. Every entry is checked before anything is written: a bad one is MALFORMED_REQUEST naming it.
 */
export async function setTokenQuality({ db, redis, entries, source, updatedBy }: SetTokenQualityParameters): Promise<SetTokenQualityReturnType> {
  const rows = new Map<string, typeof tokenQuality.$inferInsert>();
  entries.forEach((entry, index) => {
    const parsed = tokenQualityEntrySchema.safeParse(entry);
    if (!parsed.success) {
      throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { root: `entries.${index}`, input: entry }));
    }
    const { chain, score } = parsed.data;
    const token = parsed.data.token.toLowerCase();
    rows.set(`${chain}:${token}`, { chain, token, score, source, updatedBy });
  });
  if (rows.size === 0) return { updated: 0, cacheInvalidated: true };
  const values = [...rows.values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 1_000) {
      await tx.insert(tokenQuality).values(values.slice(i, i + 1_000)).onConflictDoUpdate({
        target: [tokenQuality.chain, tokenQuality.token],
        set: { score: sql`excluded.score`, source: sql`excluded.source`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
      });
    }
  });
  const cacheInvalidated = await invalidateTokenQuality(redis, values.map((v) => v.chain as TokenQualityEntry["chain"]));
  return { updated: values.length, cacheInvalidated };
}
