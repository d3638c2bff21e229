import type { Address } from "viem";
import type { ChainName } from "../chains/chains.js";

/**
 * Where token quality scores (0–100) come from. Quality is off-chain data (an upstream screening service in
 * production; the devnet manifest locally). A score the source does not know is left null.
 */
export type TokenQualitySource = (chain: ChainName, tokens: readonly Address[]) => Promise<Map<Address, number>>;

/**
 * A source backed by static configuration: JSON `{ "<chain>": { "<token address>": score } }` (the
 * `SLUICE_TOKEN_QUALITY` setting; the local stack fills it from the devnet manifest). Unset: every score is unknown.
 */
export function staticTokenQuality(json: string | undefined): TokenQualitySource {
  const table = new Map<string, number>();
  if (json) {
    const parsed = JSON.parse(json) as Record<string, Record<string, number>>;
    for (const [chain, scores] of Object.entries(parsed)) {
      for (const [address, score] of Object.entries(scores)) table.set(`${chain}:${address.toLowerCase()}`, Number(score));
    }
  }
  return async (chain, tokens) => {
    const out = new Map<Address, number>();
    for (const token of tokens) {
      const score = table.get(`${chain}:${token.toLowerCase()}`);
      if (score !== undefined) out.set(token, score);
    }
    return out;
  };
}
