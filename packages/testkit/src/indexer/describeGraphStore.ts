/**
 * The contract every `GraphStore` keeps (Redis in the workers, memory in tests and benchmarks): what is written is
 * read back exactly — pools with their bigint state, tokens, pending pools and the block — per chain, and the cheap
 * `readBlock` agrees with the graph. One suite, run against each implementation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyGraph, indexPoolsByToken, type ChainGraph, type GraphStore } from "@sluice/core";
import { address, v2, v3 } from "../routing/routingFixtures.js";

export type GraphStoreUnderTest = { store: GraphStore; close: () => Promise<void> };

function sampleGraph(block: bigint, chain: "base" | "arbitrum" = "base"): ChainGraph {
  const graph = emptyGraph(chain, chain === "base" ? 8453 : 42161);
  graph.block = block;
  graph.blockTimestamp = 1_700_000_000 + Number(block);
  const [a, b, c] = [address(1), address(2), address(3)];
  for (const [t, symbol, decimals] of [[a, "AAA", 18], [b, "BBB", 6], [c, "CCC", 8]] as const) {
    graph.tokens.set(t, { address: t, symbol, decimals, quality: symbol === "CCC" ? null : 100, lastTradeAt: symbol === "AAA" ? 1_700_000_000 : null });
  }
  for (const pool of [v2(1, a, b, 10n ** 24n + block, 3n * 10n ** 12n), v3(2, b, c, 3000, 10n ** 18n + block, 120)]) {
    graph.pools.set(pool.address, pool as never);
  }
  graph.pending.set(address(0x99), { protocol: "uniswap-v3", address: address(0x99), token0: a, token1: c, fee: 500, tickSpacing: 10 });
  indexPoolsByToken(graph);
  return graph;
}

/** What a graph is, for comparison (pools by their quoting state, not object identity). */
function shape(graph: ChainGraph) {
  return {
    chain: graph.chain, chainId: graph.chainId, block: graph.block, blockTimestamp: graph.blockTimestamp,
    tokens: [...graph.tokens.entries()].sort(),
    pools: [...graph.pools.values()].map((p) => JSON.stringify(p, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))).sort(),
    pending: [...graph.pending.entries()].sort(),
    poolsByToken: [...graph.poolsByToken.entries()].map(([t, ps]) => [t, [...ps].sort()]).sort(),
  };
}

export function describeGraphStore(name: string, open: () => Promise<GraphStoreUnderTest>) {
  describe(`GraphStore contract: ${name}`, () => {
    let subject: GraphStoreUnderTest;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it("knows nothing of a chain it never stored", async () => {
      expect(await subject.store.readBlock("polygon")).toBeNull();
      expect(await subject.store.read("polygon")).toBeNull();
    });

    it("reads back exactly what it stored: tokens, pools with bigint state, pending pools, block", async () => {
      const graph = sampleGraph(1234n);
      await subject.store.write(graph);
      expect(await subject.store.readBlock("base")).toBe(1234n);
      const read = await subject.store.read("base");
      expect(read).not.toBeNull();
      expect(shape(read!)).toEqual(shape(graph));
    });

    it("a newer write replaces the graph and its block; chains are independent", async () => {
      await subject.store.write(sampleGraph(1300n));
      await subject.store.write(sampleGraph(77n, "arbitrum"));
      expect(await subject.store.readBlock("base")).toBe(1300n);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(sampleGraph(1300n)));
      expect(await subject.store.readBlock("arbitrum")).toBe(77n);
      expect((await subject.store.read("arbitrum"))!.chainId).toBe(42161);
    });

    it("hands out a fresh graph each read: changing one does not change the store", async () => {
      const first = await subject.store.read("base");
      first!.pools.clear();
      expect((await subject.store.read("base"))!.pools.size).toBe(2);
    });
  });
}
