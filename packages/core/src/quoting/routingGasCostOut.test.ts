/** The router's gas cost in the output token: exact, from the graph's reference prices, absent when a price is. */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import { emptyGraph, indexPoolsByToken } from "../indexer/graphTypes.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { routingGasCostOut } from "./routingGasCostOut.js";

const lower = (a: string) => a.toLowerCase() as Address;
const curated = (symbol: string) => lower(chains.ethereum.curatedTokens.find((t) => t.symbol === symbol)!.address);
const [USDC, WETH, WBTC] = [curated("USDC"), curated("WETH"), curated("WBTC")];
const TAIL = lower("0x00000000000000000000000000000000000000aa");
const pool = (n: number, a: Address, b: Address, reserveA: bigint, reserveB: bigint) => {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, reserveA, reserveB] : [b, a, reserveB, reserveA];
  return new V2Pool({ address: `0x${n.toString(16).padStart(40, "0")}` as Address, token0, token1, reserve0, reserve1 });
};

/** WETH at 3000 USDC ($30M deep); TAIL at 0.5 WETH through a pool of 1000 TAIL; WBTC in no pool. */
function graph() {
  const g = emptyGraph("ethereum", 1);
  for (const p of [pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n), pool(2, TAIL, WETH, 1_000n * 10n ** 18n, 500n * 10n ** 18n)]) {
    g.pools.set(p.address, p);
  }
  indexPoolsByToken(g);
  return g;
}

describe("routingGasCostOut", () => {
  it("values gas at the given price in the output token, exactly, rounded down", () => {
    const g = graph();
    const oneGwei = 1_000_000_000n;
    // 100k gas at 1 gwei = 1e14 wei = 0.0001 WETH = 0.30 USDC = 300000 raw
    expect(routingGasCostOut(g, USDC, oneGwei)!(100_000n)).toBe(300_000n);
    // in WETH: the wei themselves
    expect(routingGasCostOut(g, WETH, oneGwei)!(100_000n)).toBe(100_000n * oneGwei);
    // in TAIL (1 TAIL = 0.5 WETH): twice the wei
    expect(routingGasCostOut(g, TAIL, oneGwei)!(100_000n)).toBe(2n * 100_000n * oneGwei);
    // 1 gas at 1 wei is 3e-12 USDC: floors to 0
    expect(routingGasCostOut(g, USDC, 1n)!(1n)).toBe(0n);
  });

  it("is absent when the output has no reference price, or the price is 0: routes are then compared on output alone", () => {
    expect(routingGasCostOut(graph(), WBTC, 1_000_000_000n)).toBeUndefined();
    expect(routingGasCostOut(graph(), USDC, 0n)).toBeUndefined();
    // without a priced wrapped native token, only its own output can be valued
    const noNative = emptyGraph("ethereum", 1);
    expect(routingGasCostOut(noNative, USDC, 1_000_000_000n)).toBeUndefined();
    expect(routingGasCostOut(noNative, WETH, 1_000_000_000n)!(21_000n)).toBe(21_000n * 1_000_000_000n);
  });
});
