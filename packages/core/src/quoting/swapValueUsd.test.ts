/**
 * The made-up price attack: a partner mints X, pairs it with a few thousand USDC and a sliver of X, and pairs X with
 * another of its tokens, Y. The graph's prices then make 1 X worth about a billion dollars and Y nearly as much. A
 * swap's value — the volume rebates are paid on and the gasless verdict — must not follow.
 */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import { emptyGraph, indexPoolsByToken } from "../indexer/graphTypes.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { ratioToDecimal } from "./decimalFraction.js";
import { swapValueUsd } from "./swapValueUsd.js";
import { valueInUsd } from "./valueInUsd.js";

const lower = (a: string) => a.toLowerCase() as Address;
const USDC = lower(chains.base.curatedTokens.find((t) => t.symbol === "USDC")!.address);
const WETH = lower(chains.base.curatedTokens.find((t) => t.symbol === "WETH")!.address);
const X = lower("0x00000000000000000000000000000000000a11ce");
const Y = lower("0x00000000000000000000000000000000000b0b00");
const pool = (n: number, a: Address, b: Address, reserveA: bigint, reserveB: bigint) => {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, reserveA, reserveB] : [b, a, reserveB, reserveA];
  return new V2Pool({ address: `0x${n.toString(16).padStart(40, "0")}` as Address, token0, token1, reserve0, reserve1 });
};

function attackGraph() {
  const graph = emptyGraph("base", 1);
  for (const p of [
    pool(1, WETH, USDC, 10_000n * 10n ** 18n, 30_000_000n * 10n ** 6n), // the market: $3,000 a WETH
    pool(2, X, USDC, 10n ** 13n, 5_100n * 10n ** 6n), // 0.00001 X against $5,100: 1 X "is" $510M
    pool(3, X, Y, 1_000n * 10n ** 18n, 1_000n * 10n ** 18n), // Y priced through X
  ]) graph.pools.set(p.address, p);
  indexPoolsByToken(graph);
  return graph;
}

const usd = (r: { numerator: bigint; denominator: bigint }) => ratioToDecimal(r, 6);
/** A side as `resolveToken` gives it: the partner's tokens are listed unless a test says otherwise. */
const side = (address: Address, listed = true) => ({ address, listed });

describe("swapValueUsd", () => {
  const graph = attackGraph();
  const one = 10n ** 18n;

  it("the graph does price the partner's tokens at whatever its pools say", () => {
    expect(Number(usd(valueInUsd(graph, X, one)!))).toBeGreaterThan(500_000_000);
    expect(Number(usd(valueInUsd(graph, Y, one)!))).toBeGreaterThan(500_000_000);
  });

  it("a swap between two uncurated tokens is worth 0, whatever their prices", () => {
    const value = swapValueUsd({ chain: "base", tokenIn: side(X), tokenOut: side(Y), valueIn: valueInUsd(graph, X, one), valueOut: valueInUsd(graph, Y, one) });
    expect(usd(value.usd)).toBe("0");
    expect(value.side).toBeNull();
  });

  it("a swap with a curated side is worth that side: the USDC a sale of X buys, the WETH a purchase of X costs", () => {
    const usdcOut = 4_000n * 10n ** 6n;
    const sale = swapValueUsd({ chain: "base", tokenIn: side(X), tokenOut: side(USDC), valueIn: valueInUsd(graph, X, one), valueOut: valueInUsd(graph, USDC, usdcOut) });
    expect([usd(sale.usd), sale.side]).toEqual(["4000", "out"]);
    const purchase = swapValueUsd({ chain: "base", tokenIn: side(WETH), tokenOut: side(X), valueIn: valueInUsd(graph, WETH, 2n * one), valueOut: valueInUsd(graph, X, one) });
    expect([usd(purchase.usd), purchase.side]).toEqual(["6000", "in"]);
  });

  it("a swap with an unlisted token is worth 0 on either side: its pool may be the swapper's own, fees and all", () => {
    const usdc = 4_000n * 10n ** 6n;
    const buy = swapValueUsd({ chain: "base", tokenIn: side(USDC), tokenOut: side(X, false), valueIn: valueInUsd(graph, USDC, usdc), valueOut: valueInUsd(graph, X, one) });
    const sale = swapValueUsd({ chain: "base", tokenIn: side(X, false), tokenOut: side(USDC), valueIn: valueInUsd(graph, X, one), valueOut: valueInUsd(graph, USDC, usdc) });
    for (const value of [buy, sale]) expect([usd(value.usd), value.side]).toEqual(["0", null]);
    // A curated token counts as listed whatever the flag says.
    const hubs = swapValueUsd({ chain: "base", tokenIn: side(USDC, false), tokenOut: side(WETH, false), valueIn: valueInUsd(graph, USDC, usdc), valueOut: valueInUsd(graph, WETH, one) });
    expect([usd(hubs.usd), hubs.side]).toEqual(["4000", "in"]);
  });
});
