import { chainById } from "../chains/chains.js";
import type { Database } from "../db/createDb.js";
import { SluiceError } from "../errors/SluiceError.js";
import { formatZodIssue } from "../errors/formatZodIssue.js";
import type { Redis } from "../redis/createRedis.js";
import { setTokenQuality } from "./setTokenQuality.js";
import type { TokenQualityEntry } from "./tokenQualityEntry.js";
import { tokenListFileSchema } from "./tokenListFileSchema.js";

/** The score an imported list gives its tokens unless the operator names another. */
export const DEFAULT_IMPORT_SCORE = 100;

export type ImportTokenListParameters = {
  db: Database;
  redis: Redis;
  /** The parsed JSON of a Token Lists file. */
  list: unknown;
  /** The score every imported token gets; default `DEFAULT_IMPORT_SCORE` (100: listed). */
  score?: number;
  updatedBy: string;
};

export type ImportTokenListReturnType = {
  name: string;
  score: number;
  /** Tokens written, per chain. */
  imported: Record<string, number>;
  /** Tokens of chains Sluice does not serve (by chainId), left out. */
  skipped: number;
  cacheInvalidated: boolean;
};

/**
 * Imports a Token Lists file: every token of a served chain (ethereum 1, base 8453, arbitrum 42161, polygon 137, by
 * `chainId`) gets `score` (source `token-list:<list name>`); tokens of other chains are counted and left out. The
 * file is checked against the Token Lists schema first; a bad file writes nothing (MALFORMED_REQUEST naming the
 * field, e.g. `tokens.3.address`).
 */
export async function importTokenList({ db, redis, list, score = DEFAULT_IMPORT_SCORE, updatedBy }: ImportTokenListParameters): Promise<ImportTokenListReturnType> {
  if (!Number.isInteger(score) || score < 0 || score > 100) throw new SluiceError("MALFORMED_REQUEST", "score: must be a whole number from 0 to 100");
  const parsed = tokenListFileSchema.safeParse(list);
  if (!parsed.success) throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { input: list }));
  const entries: TokenQualityEntry[] = [];
  const imported: Record<string, number> = {};
  let skipped = 0;
  for (const token of parsed.data.tokens) {
    const chain = chainById(token.chainId);
    if (!chain) { skipped++; continue; }
    if (!/^0x[0-9a-fA-F]{40}$/.test(token.address)) throw new SluiceError("MALFORMED_REQUEST", `tokens: ${token.address} is not an address of chain ${token.chainId}`);
    entries.push({ chain: chain.name, token: token.address, score });
    imported[chain.name] = (imported[chain.name] ?? 0) + 1;
  }
  const { cacheInvalidated } = await setTokenQuality({ db, redis, entries, source: `token-list:${parsed.data.name}`, updatedBy });
  return { name: parsed.data.name, score, imported, skipped, cacheInvalidated };
}
