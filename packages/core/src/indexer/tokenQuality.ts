import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";

/**
 * Where token quality scores (0–100) come from. Quality is off-chain data, kept in Postgres (`token_quality`,
 * written by the operator) and read through a Redis cache: `createTokenQualitySource` (core/tokenQuality). A score
 * the source does not know is left null. A source that cannot answer throws (the caller keeps what it had).
 */
export type TokenQualitySource = (chain: ChainName, tokens: readonly Address[]) => Promise<Map<Address, number>>;

/** A fixed table `{ "<chain>": { "<token address>": score } }`: for pure tests that need no storage. */
export function staticTokenQuality(table: Partial<Record<ChainName, Record<string, number>>>): TokenQualitySource {
  const scores = new Map<string, number>();
  for (const [chain, entries] of Object.entries(table)) {
    for (const [address, score] of Object.entries(entries ?? {})) scores.set(`${chain}:${address.toLowerCase()}`, score);
  }
  return async (chain, tokens) => {
    const out = new Map<Address, number>();
    for (const token of tokens) {
      const score = scores.get(`${chain}:${token.toLowerCase()}`);
      if (score !== undefined) out.set(token, score);
    }
    return out;
  };
}
