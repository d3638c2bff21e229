import type { Address, PublicClient } from "viem";
import { isExcludedPool } from "./excludeOversizedItems.js";
import type { ChainGraph } from "./graphTypes.js";
import type { IndexBudget } from "./indexBudget.js";
import { readTokenMetadata } from "./readTokenMetadata.js";

export type AddTokenMetadataParameters = { graph: ChainGraph; client: PublicClient; budget?: IndexBudget; /** Default `Date.now()`: when exclusions expire. */ now?: number };

export type AddTokenMetadataReturnType = { added: Address[]; dropped: Address[] };

/**
 * Reads the metadata of every token a pending pool holds that the graph does not know yet (at the latest block) and
 * adds it; a pending pool whose token has none (its `decimals()` reverts or answers no valid decimals:
 * `readTokenMetadata`) cannot be quoted and is dropped. A failed request throws before anything is dropped: the pools
 * stay pending and the slice is read again. Excluded pools (`PendingPool.excluded`, not expired) are left as they are. Returns
 * the tokens added and the pools dropped.
 */
export async function addTokenMetadata({ graph, client, budget, now = Date.now() }: AddTokenMetadataParameters): Promise<AddTokenMetadataReturnType> {
  const unknown = new Set<Address>();
  for (const p of graph.pending.values()) if (!isExcludedPool(p, now)) for (const t of [p.token0, p.token1]) if (!graph.tokens.has(t)) unknown.add(t);
  if (unknown.size === 0) return { added: [], dropped: [] };
  const metadata = await readTokenMetadata(client, [...unknown], { budget });
  for (const m of metadata) graph.tokens.set(m.address, { ...m, quality: null, lastTradeAt: null });
  const dropped: Address[] = [];
  for (const [address, p] of graph.pending) {
    if (isExcludedPool(p, now) || (graph.tokens.has(p.token0) && graph.tokens.has(p.token1))) continue;
    graph.pending.delete(address);
    dropped.push(address);
  }
  return { added: metadata.map((m) => m.address), dropped };
}
