/** Symbol resolution: curated first, then listed tokens, exact case only between tokens equally listed. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address } from "@sluice/testkit";
import { emptyGraph, type ChainGraph, type IndexedToken } from "../indexer/graphTypes.js";
import { resolveToken } from "./resolveToken.js";

const NOW = 1_800_000_000;
const USDC = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913" as Address; // base's curated USDC

function graphOf(tokens: (Pick<IndexedToken, "address" | "symbol"> & Partial<IndexedToken> & { pools?: number })[]): ChainGraph {
  const graph = emptyGraph("base", 8453);
  graph.block = 1n;
  graph.blockTimestamp = NOW;
  for (const { pools = 1, ...t } of tokens) {
    graph.tokens.set(t.address, { decimals: 18, quality: 100, lastTradeAt: NOW - 60, ...t });
    graph.poolsByToken.set(t.address, Array.from({ length: pools }, (_, i) => address(0x1000 + i)));
  }
  return graph;
}

const resolve = (graph: ChainGraph, token: string) => resolveToken(graph, "base", { token }, "from");

describe("resolveToken by symbol", () => {
  it("attack: an unlisted look-alike of the exact case does not shadow the listed token /tokens advertises", () => {
    const LINK = address(0xb1);
    const junk = address(0xb2);
    const graph = graphOf([
      { address: LINK, symbol: "LINK", pools: 3 },
      { address: junk, symbol: "link", quality: 10, pools: 30 },
    ]);
    for (const symbol of ["link", "LINK", "Link"]) expect(resolve(graph, symbol)).toMatchObject({ address: LINK, symbol: "LINK", listed: true });
  });

  it("prefers the exact case between tokens equally listed and of equal quality", () => {
    const [upper, lower] = [address(0xb3), address(0xb4)];
    const graph = graphOf([{ address: upper, symbol: "FOO", pools: 5 }, { address: lower, symbol: "foo", pools: 1 }]);
    expect(resolve(graph, "foo").address).toBe(lower);
    expect(resolve(graph, "FOO").address).toBe(upper);
  });

  it("keeps the chain's curated token first, whatever the graph holds of that symbol in any case", () => {
    const graph = graphOf([{ address: address(0xb5), symbol: "usdc", pools: 50 }, { address: USDC, symbol: "USDC", decimals: 6 }]);
    expect(resolve(graph, "usdc").address).toBe(USDC);
  });
});
