/**
 * Price impact against the market, on a graph with a small mispriced pool: the route's own measure (against the
 * pools it uses) refuses a trade that pays better than the market; the market measure does not, and still shows the
 * real impact of a trade that moves a deep pool.
 */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, v2 } from "@sluice/testkit";
import { chains } from "../chains/chains.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";
import { createRoutingGraphCache } from "../routing/routingGraphCache.js";
import { findFreshRoute, type FindFreshRouteReturnType } from "../routing/findFreshRoute.js";
import { assembleQuote } from "./assembleQuote.js";
import { marketPriceImpactBps } from "./marketPriceImpactBps.js";
import { valueInUsd } from "./valueInUsd.js";
import { MAX_PRICE_IMPACT_BPS } from "./swapQuote.js";

const token = (symbol: string) => chains.base.curatedTokens.find((t) => t.symbol === symbol)!.address.toLowerCase() as Address;
const [USDC, WETH, X] = [token("USDC"), token("WETH"), address(0x77)];
const E6 = 10n ** 6n;
const E18 = 10n ** 18n;

function marketGraph(): ChainGraph {
  const graph = emptyGraph("base", 8453);
  graph.blockTimestamp = 1_800_000_000;
  for (const [t, symbol, decimals] of [[USDC, "USDC", 6], [WETH, "WETH", 18], [X, "X", 18]] as const) {
    graph.tokens.set(t, { address: t, symbol, decimals, quality: 100, lastTradeAt: 1_800_000_000 });
  }
  for (const pool of [
    v2(1, WETH, USDC, 10_000n * E18, 30_000_000n * E6), // deep: 1 WETH = 3000 USD
    v2(2, X, USDC, 30_000_000n * E18, 30_000_000n * E6), // deep: 1 X = 1 USD
    v2(3, WETH, X, E18 / 10n, 600n * E18), // tiny and mispriced: 1 WETH = 6000 X at its mid
  ]) graph.pools.set(pool.address, pool as never);
  indexPoolsByToken(graph);
  return graph;
}

function quote(graph: ChainGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint) {
  const { route } = findFreshRoute({ graph, routingGraphs: createRoutingGraphCache(), tokenIn, tokenOut, amountIn }) as FindFreshRouteReturnType;
  const meta = (t: Address) => ({ ...graph.tokens.get(t)!, listed: true });
  return { route, quote: assembleQuote({
    graph, chain: "base", tokenIn: meta(tokenIn), tokenOut: meta(tokenOut), route, gaslessMinimumUsd: "20", executor: null,
    withPermit: false, nowSeconds: 1_800_000_000, slippageBps: 5, block: 1n, poolsRefreshed: 0,
  }) };
}

describe("price impact against the market", () => {
  it("a trade the small mispriced pool pays better than the market is not refused", () => {
    const { route, quote: q } = quote(marketGraph(), WETH, X, E18 / 20n); // 0.05 WETH, worth 150 USD
    // The router takes the mispriced pool (it pays more X than the market's 150), which its own measure calls a
    // large impact — the false refusal this fixes.
    expect(route.amountOut > 150n * E18).toBe(true);
    expect(route.priceImpactBps).toBeGreaterThan(MAX_PRICE_IMPACT_BPS);
    expect(q.priceImpactBps).toBe(0);
  });

  it("a trade that moves a deep pool shows its real impact, fees included", () => {
    const graph = marketGraph();
    const small = quote(graph, X, USDC, 1_000n * E18).quote.priceImpactBps;
    const large = quote(graph, X, USDC, 3_000_000n * E18).quote.priceImpactBps;
    expect(small).toBeGreaterThanOrEqual(30); // the 0.3 % fee
    expect(small).toBeLessThan(40);
    expect(large).toBeGreaterThan(900); // 10 % of the pool
  });

  it("is undefined when a side has no reference price", () => {
    const graph = marketGraph();
    expect(marketPriceImpactBps({ valueIn: valueInUsd(graph, address(0x99), 1n), valueOut: valueInUsd(graph, USDC, 1n) })).toBeUndefined();
  });
});
