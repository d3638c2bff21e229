/**
 * A quote is priced on one block, the one it names: pools another request already brought past this request's head
 * are not quoted beside pools read at the older head under the older block's name.
 */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chains } from "../chains/chains.js";
import { createGraphCache } from "../indexer/graphCache.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph } from "../indexer/graphTypes.js";
import { V2Pool } from "../pools/v2/v2Pool.js";
import { createRoutingGraphCache } from "../routing/routingGraphCache.js";
import { oneBlockRefresher } from "./oneBlockRefresher.js";
import { quoteSwap, type QuoteSwapParameters } from "./quoteSwap.js";

const token = (symbol: string) => chains.base.curatedTokens.find((t) => t.symbol === symbol)!.address.toLowerCase() as Address;
const [USDC, WETH, DAI] = [token("USDC"), token("WETH"), token("DAI")];
const E18 = 10n ** 18n;
const E6 = 10n ** 6n;

function v2(id: number, a: Address, b: Address, ra: bigint, rb: bigint): V2Pool {
  const [token0, token1, reserve0, reserve1] = a < b ? [a, b, ra, rb] : [b, a, rb, ra];
  return new V2Pool({ address: `0x${(0x10000 + id).toString(16).padStart(40, "0")}` as Address, token0, token1, reserve0, reserve1 });
}

function graphOf(pools: V2Pool[], block: bigint): ChainGraph {
  const graph = emptyGraph("base", 8453);
  graph.block = block;
  graph.blockTimestamp = Math.floor(Date.now() / 1000);
  for (const t of chains.base.curatedTokens) {
    graph.tokens.set(t.address.toLowerCase() as Address, { address: t.address.toLowerCase() as Address, symbol: t.symbol, decimals: t.decimals, quality: 100, lastTradeAt: graph.blockTimestamp });
  }
  for (const pool of pools) graph.pools.set(pool.address, pool);
  indexPoolsByToken(graph);
  return graph;
}

/** A refresher that reads pools "at" a block by marking them so, recording what it was asked. */
function recordingRefresh(graph: ChainGraph) {
  const asked: { pools: Address[]; block: bigint }[] = [];
  const refreshAt = async (pools: readonly Address[], block: bigint) => {
    asked.push({ pools: [...pools], block });
    let n = 0;
    for (const a of pools) {
      if ((graph.refreshedAt.get(a) ?? graph.block) >= block) continue;
      graph.refreshedAt.set(a, block);
      n++;
    }
    return n;
  };
  return { asked, refreshAt };
}

describe("quotes on one block", () => {
  it("a pool another request brought to block 101 makes the quote's block 101, and its other pools are read at 101 too (they were quoted at 100 under 100's name)", async () => {
    // USDC → WETH → DAI: the first hop's pool at 101 (another request's head), the second's at the graph's 90.
    const first = v2(1, USDC, WETH, 3_000_000n * E6, 1_000n * E18);
    const second = v2(2, WETH, DAI, 1_000n * E18, 3_000_000n * E18);
    const graph = graphOf([first, second], 90n);
    graph.refreshedAt.set(first.address, 101n);
    const { asked, refreshAt } = recordingRefresh(graph);
    const cache = createGraphCache();
    cache.remember(graph, Date.now() + 3_600_000);
    const quote = await quoteSwap({
      chain: "base", deployment: { rpcUrl: "http://127.0.0.1:1", executor: "0x00000000000000000000000000000000000000e1", relayers: [] }, routingGraphs: createRoutingGraphCache(),
      source: { chain: "base", chainId: 8453, cache } as unknown as QuoteSwapParameters["source"],
      head: async () => 100n, minPoolPayoutUsd: 0,
      refresh: (_graph, pools, block) => refreshAt(pools, block),
      from: { token: "USDC" }, to: { token: "DAI" }, amount: "1000",
    } as QuoteSwapParameters);
    expect(quote.block).toBe(101n);
    expect(asked.map((a) => a.block)).toEqual([101n]);
    for (const split of quote.route.splits) for (const hop of split.hops) expect(graph.refreshedAt.get(hop.poolAddress)).toBe(101n);
  });

  it("follows a pool moved past its block while its read ran: everything is brought to the newer block", async () => {
    const pool = v2(3, USDC, WETH, 3_000_000n * E6, 1_000n * E18);
    const other = v2(4, WETH, DAI, 1_000n * E18, 3_000_000n * E18);
    const graph = graphOf([pool, other], 90n);
    const asked: bigint[] = [];
    const refresher = oneBlockRefresher({
      graph, head: Promise.resolve(100n),
      refreshAt: async (pools, block) => {
        asked.push(block);
        for (const a of pools) if ((graph.refreshedAt.get(a) ?? graph.block) < block) graph.refreshedAt.set(a, block);
        // Meanwhile another request (head 102) read one of them.
        if (asked.length === 1) graph.refreshedAt.set(pool.address, 102n);
        return pools.length;
      },
    });
    await refresher.refresh([pool.address, other.address]);
    expect(asked).toEqual([100n, 102n]);
    expect(refresher.block()).toBe(102n);
    expect(graph.refreshedAt.get(other.address)).toBe(102n);
  });

  it("a later refresh (the widened search's pools) brings the earlier pools to its block too, never below the first", async () => {
    const a = v2(5, USDC, WETH, 1n * E18, 1n * E18);
    const b = v2(6, WETH, DAI, 1n * E18, 1n * E18);
    const graph = graphOf([a, b], 90n);
    const refresher = oneBlockRefresher({
      graph, head: Promise.resolve(100n),
      refreshAt: async (pools, block) => {
        for (const p of pools) if ((graph.refreshedAt.get(p) ?? graph.block) < block) graph.refreshedAt.set(p, block);
        return pools.length;
      },
    });
    await refresher.refresh([a.address]);
    graph.refreshedAt.set(b.address, 103n); // the added pool, read at 103 by another request
    await refresher.refresh([b.address]);
    expect(refresher.block()).toBe(103n);
    expect(graph.refreshedAt.get(a.address)).toBe(103n);
  });
});
