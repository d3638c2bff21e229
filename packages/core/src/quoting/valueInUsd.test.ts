/** USD prices through the graph: the stablecoin pairs of a hub are found once, but their state is read every time. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { usdPerRawUnit, valueInUsd } from "./valueInUsd.js";

const lower = (a: string) => a.toLowerCase() as Address;
const USDC = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "USDC")!.address);
const USDT = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "USDT")!.address);
const WETH = lower(chains.ethereum.curatedTokens.find((t) => t.symbol === "WETH")!.address);
const pool = (n: number, a: Address, b: Address, reserveA: bigint, reserveB: bigint) => {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, reserveA, reserveB] : [b, a, reserveB, reserveA];
  return new V2Pool({ address: `0x${n.toString(16).padStart(40, "0")}` as Address, token0, token1, reserve0, reserve1 });
};
/** USD of one whole WETH, to the cent. */
const wethUsd = (graph: ChainGraph) => {
  const v = valueInUsd(graph, WETH, 10n ** 18n)!;
  return Number((v.numerator * 100n) / v.denominator) / 100;
};

function hubGraph() {
  const graph = emptyGraph("ethereum", 1);
  // WETH has many pools, one of them against USDC ($3,000 a WETH, $30M deep).
  graph.pools.set(pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n).address, pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n));
  for (let i = 0; i < 200; i++) {
    const other = `0x${(0xabc000 + i).toString(16).padStart(40, "0")}` as Address;
    const p = pool(100 + i, WETH, other, 10n ** 18n, 10n ** 18n);
    graph.pools.set(p.address, p);
  }
  indexPoolsByToken(graph);
  return graph;
}

describe("usdPerRawUnit", () => {
  it("prices a hub through its stablecoin pool, and a new state of that pool at once", () => {
    const graph = hubGraph();
    expect(wethUsd(graph)).toBe(3_000);
    // The quote-time refresh replaces the pool object: the price follows (nothing of the state is kept).
    const moved = pool(1, WETH, USDC, 10_000n * 10n ** 18n, 31_000_000n * 10n ** 6n);
    graph.pools.set(moved.address, moved);
    expect(wethUsd(graph)).toBe(3_100);
  });

  it("a stablecoin pool added to the graph (its pools re-indexed) is seen: the deeper one sets the price", () => {
    const graph = hubGraph();
    expect(wethUsd(graph)).toBe(3_000);
    const deeper = pool(2, WETH, USDT, 100_000n * 10n ** 18n, 320_000_000n * 10n ** 6n);
    graph.pools.set(deeper.address, deeper);
    indexPoolsByToken(graph);
    expect(wethUsd(graph)).toBe(3_200);
    expect(usdPerRawUnit(graph, USDT)).toEqual({ numerator: 1n, denominator: 10n ** 6n });
  });
});
