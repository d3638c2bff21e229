import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address, beamPrunedPools } from "@sluice/testkit";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";
import { SluiceError } from "../errors/SluiceError.js";
import { findFreshRoute, type FindFreshRouteReturnType } from "./findFreshRoute.js";
import { createRoutingGraphCache } from "./routingGraphCache.js";

const [A, B, C, D, E] = [1, 2, 3, 4, 5].map(address) as [Address, Address, Address, Address, Address];
const fixture = beamPrunedPools(A, B, D, E);

function graphOf(): ChainGraph {
  const graph = emptyGraph("base", 8453);
  for (const t of [A, B, C, D, E]) graph.tokens.set(t, { address: t, symbol: `T${t.slice(-1)}`, decimals: 18, quality: 100, lastTradeAt: 0 });
  for (const pool of fixture.pools) graph.pools.set(pool.address, pool as never);
  indexPoolsByToken(graph);
  return graph;
}

describe("findFreshRoute", () => {
  it("before refusing, widens the candidate search and refreshes only the pools that adds", async () => {
    const graph = graphOf();
    const asked: Address[][] = [];
    const refresh = async (pools: Address[]) => (asked.push(pools), pools.length);
    const found = await findFreshRoute({ graph, routingGraphs: createRoutingGraphCache(), refresh, tokenIn: A, tokenOut: E, amountIn: fixture.amountIn });
    expect(found.route.splits.map((s) => s.hops[0]!.poolAddress)).toEqual([fixture.onlyAbsorbing.address]);
    expect(asked).toHaveLength(2);
    expect(asked[0]).not.toContain(fixture.onlyAbsorbing.address);
    expect(asked[1]).toEqual([fixture.onlyAbsorbing.address]);
    expect(found.poolsRefreshed).toBe(asked[0]!.length + 1);
  });

  it("does the same without a refresher, and refuses with NO_ROUTE when nothing absorbs the amount", () => {
    const graph = graphOf();
    const routingGraphs = createRoutingGraphCache();
    const found = findFreshRoute({ graph, routingGraphs, tokenIn: A, tokenOut: E, amountIn: fixture.amountIn }) as FindFreshRouteReturnType;
    expect(found.route.splits[0]!.hops[0]!.poolAddress).toBe(fixture.onlyAbsorbing.address);

    let refusal: unknown;
    try {
      findFreshRoute({ graph, routingGraphs, tokenIn: A, tokenOut: E, amountIn: fixture.amountIn * 1_000n });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(SluiceError);
    expect((refusal as SluiceError).code).toBe("NO_ROUTE");
    expect((refusal as SluiceError).message).toContain("cannot absorb the whole amount");
    expect(() => findFreshRoute({ graph, routingGraphs, tokenIn: A, tokenOut: C, amountIn: 1n })).toThrow(/no pool path/);
  });
});
