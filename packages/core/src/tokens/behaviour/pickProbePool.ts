import type { Address } from "viem";
import { chains } from "../../chains/chains.js";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import { otherToken } from "../../pools/types.js";
import { poolPayout } from "../../quoting/poolPayout.js";
import { REQUIRED_QUALITY } from "../tokenListTypes.js";

/**
 * The pool the token probe borrows from: the one that can pay out the most of the token (`poolPayout`: a V2 pair's
 * reserve, what a V3 pool holds in all its ranges), a V2 pair counted 10× (its recorded reserve also reveals rebases)
 * and a pool against one of the chain's curated tokens 10× (the pool's flash reads both tokens' balances: a curated one
 * does not revert). Not by raw V3 liquidity: it is not comparable across pools, so a pool of an attacker's junk token at
 * an extreme price has enormous liquidity while holding almost none of the token; picked, a junk token whose balanceOf
 * reverts makes the probe answer `unknown` (the token refused), and a pool holding a few thousand wei makes it
 * borrow a few wei, where a transfer fee rounds to 0. Outranking the best market now takes as much of the token as it
 * holds (10× against a curated token), and a bonus never lets dust win over a pool holding a hundred times more.
 *
 * Only pools whose other token is curated or listed (quality `REQUIRED_QUALITY`, the operator's data) are considered
 * when the token has any: anyone can create T/JUNK with more T than T's real pool, JUNK's transfers reverting for
 * everyone else so nobody can skim or sync it, donate a little T, and the probe read that donation as a rebase — the
 * token, curated ones too, was then kept out of routing and the list. A token with no such pool falls back to every
 * pool (the same weights): it is reachable only through an unlisted token, which the quoter never uses as a hop, so a
 * wrong verdict there costs little, and `unknown` for every such token would keep even a direct pair of two new
 * tokens from ever being checked.
 */
export function pickProbePool(graph: ChainGraph, token: Address): { address: Address; isV2: boolean } | undefined {
  const curated = new Set(chains[graph.chain].curatedTokens.map((t) => t.address.toLowerCase()));
  const trusted = (t: Address) => curated.has(t.toLowerCase()) || graph.tokens.get(t)?.quality === REQUIRED_QUALITY;
  let best: { address: Address; isV2: boolean; weight: bigint } | undefined;
  let bestTrusted: typeof best;
  for (const address of graph.poolsByToken.get(token) ?? []) {
    const pool = graph.pools.get(address);
    const payout = pool && poolPayout(pool, token);
    if (!pool || !payout || payout <= 0n) continue;
    const isV2 = pool.protocol === "uniswap-v2";
    const other = otherToken(pool, token);
    const weight = payout * (isV2 ? 10n : 1n) * (curated.has(other) ? 10n : 1n);
    if (!best || weight > best.weight) best = { address, isV2, weight };
    if (trusted(other) && (!bestTrusted || weight > bestTrusted.weight)) bestTrusted = { address, isV2, weight };
  }
  const picked = bestTrusted ?? best;
  return picked && { address: picked.address, isV2: picked.isV2 };
}
