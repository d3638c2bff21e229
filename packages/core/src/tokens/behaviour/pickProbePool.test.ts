/** Which pool the token probe borrows from: never a heavier pool against an attacker's junk token when a real market exists. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, v2 } from "@sluice/testkit";
import { emptyGraph, indexPoolsByToken, type ChainGraph, type IndexedPool } from "../../indexer/graphTypes.js";
import { pickProbePool } from "./pickProbePool.js";

const USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" as Address; // base, curated
const E18 = 10n ** 18n;
const [T, JUNK, LISTED, NEW] = [address(0xc1), address(0xc2), address(0xc3), address(0xc4)];

function graphOf(pools: IndexedPool[], quality: Partial<Record<Address, number>> = {}): ChainGraph {
  const graph = emptyGraph("base", 8453);
  graph.block = 1n;
  for (const pool of pools) graph.pools.set(pool.address, pool);
  for (const t of new Set(pools.flatMap((p) => [p.token0, p.token1]))) {
    graph.tokens.set(t, { address: t, symbol: "X", decimals: t === USDC ? 6 : 18, quality: quality[t] ?? null, lastTradeAt: 0 });
  }
  indexPoolsByToken(graph);
  return graph;
}

describe("pickProbePool", () => {
  it("attack: a V2 T/JUNK pair holding far more T than T's real pool (JUNK reverts for others: nobody can skim it) is not picked", () => {
    // Weighted by payout (×10 V2, ×10 curated), the junk pair's 1,000× more T outweighed the real pool: a donation
    // of 0.11 % to it made the probe classify T `rebasing`, and T left routing and the list.
    const real = v2(1, T, USDC, 1_000n * E18, 1_000n * 10n ** 6n);
    const junk = v2(2, T, JUNK, 1_000_000n * E18, 1n);
    expect(pickProbePool(graphOf([real, junk]), T)).toEqual({ address: real.address, isV2: true });
  });

  it("a pool against a listed token (quality 100) counts as a real market too", () => {
    const listed = v2(3, T, LISTED, 1_000n * E18, 1_000n * E18);
    const junk = v2(2, T, JUNK, 1_000_000n * E18, 1n);
    expect(pickProbePool(graphOf([listed, junk], { [LISTED]: 100 }), T)).toEqual({ address: listed.address, isV2: true });
    // Unlisted (quality below 100), it is no better than JUNK: the heavier pool is picked, as before.
    expect(pickProbePool(graphOf([listed, junk], { [LISTED]: 99 }), T)).toEqual({ address: junk.address, isV2: true });
  });

  it("a token with no pool against a curated or listed token falls back to its heaviest pool; none at all: undefined", () => {
    const a = v2(4, NEW, JUNK, 10n * E18, E18);
    const b = v2(5, NEW, T, 1_000n * E18, E18);
    expect(pickProbePool(graphOf([a, b]), NEW)).toEqual({ address: b.address, isV2: true });
    expect(pickProbePool(graphOf([a]), T)).toBeUndefined();
  });
});
