import { inject } from "vitest";
import { chains, type ChainName } from "@sluice/core";
import type { ManifestToken } from "@sluice/devnet";
import { call } from "../stack/http.js";

export type ExpectedToken = ManifestToken & { poolCount: number; canonical: boolean; listed: boolean };

/**
 * What the devnet says about each token of a chain, and what the list must therefore hold — derived from the
 * manifest (pools, quality, trade age, curated), never from a list written by hand.
 */
export function expectedTokens(chain: ChainName): ExpectedToken[] {
  const manifest = inject("stack").manifest.chains[chain];
  const pools = new Map<string, number>();
  for (const pool of manifest.pools) for (const t of pool.tokens) pools.set(t.toLowerCase(), (pools.get(t.toLowerCase()) ?? 0) + 1);
  const curated = new Set(chains[chain].curatedTokens.map((t) => t.address.toLowerCase()));
  const tokens = manifest.tokens.map((t) => ({ ...t, curated: curated.has(t.address.toLowerCase()), poolCount: pools.get(t.address.toLowerCase()) ?? 0 }));
  const indexed = tokens.filter((t) => t.poolCount > 0);
  const canonical = new Map<string, (typeof tokens)[number]>();
  for (const t of indexed) {
    const best = canonical.get(t.symbol.toLowerCase());
    if (!best || outranks(t, best)) canonical.set(t.symbol.toLowerCase(), t);
  }
  return tokens.map((t) => {
    const isCanonical = canonical.get(t.symbol.toLowerCase()) === t;
    return { ...t, canonical: isCanonical, listed: isCanonical && t.quality === 100 && t.lastTradedDaysAgo < 3 };
  });
}

function outranks(a: ExpectedToken | Omit<ExpectedToken, "canonical" | "listed">, b: typeof a): boolean {
  if (a.curated !== b.curated) return a.curated;
  if (a.quality !== b.quality) return a.quality > b.quality;
  if (a.poolCount !== b.poolCount) return a.poolCount > b.poolCount;
  return a.address.toLowerCase() < b.address.toLowerCase();
}

/** The listed tokens in the order the list must have: curated, most pools, symbol, address. */
export function expectedOrder(chain: ChainName): ExpectedToken[] {
  return expectedTokens(chain).filter((t) => t.listed).sort((a, b) =>
    a.curated !== b.curated ? (a.curated ? -1 : 1)
      : a.poolCount !== b.poolCount ? b.poolCount - a.poolCount
        : a.symbol.toLowerCase() !== b.symbol.toLowerCase() ? (a.symbol.toLowerCase() < b.symbol.toLowerCase() ? -1 : 1)
          : a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1);
}

/** Repeats `check` until it passes or `timeoutMs` is over (state that changes asynchronously: probes, indexing). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Waits until the chain's list comes from its indexed graph (the first request may index the chain on the spot). */
export async function untilIndexed(chain: ChainName, timeoutMs = 90_000) {
  return eventually(async () => {
    const response = await call(`/api/v1/tokens?chain=${chain}&limit=500`);
    if (response.status !== 200 || response.body.source !== "indexed") throw new Error(`${chain}: ${response.status} ${response.body.source}`);
    return response;
  }, timeoutMs, 500);
}
