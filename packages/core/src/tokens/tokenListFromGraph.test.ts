import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { emptyGraph } from "../indexer/graphTypes.js";
import { staticTokenQuality } from "../indexer/tokenQuality.js";
import { tokenListFromGraph } from "./tokenListFromGraph.js";
import { toUniswapTokenList } from "./toUniswapTokenList.js";

const a = "0x00000000000000000000000000000000000000aa" as Address;
const b = "0x00000000000000000000000000000000000000bb" as Address;
const pool = "0x00000000000000000000000000000000000000cc" as Address;

describe("tokenListFromGraph", () => {
  it("lists the graph's tokens with scores from the quality source, tagged with the graph's block", async () => {
    const graph = emptyGraph("base", 8453);
    graph.block = 1234n;
    const now = 1_900_000_000_000;
    for (const [address, symbol] of [[a, "AAA"], [b, "BBB"]] as const) {
      graph.tokens.set(address, { address, symbol, decimals: 18, quality: null, lastTradeAt: now / 1000 - 60 });
    }
    graph.poolsByToken.set(a, [pool]);
    graph.poolsByToken.set(b, [pool]);
    const list = await tokenListFromGraph(graph, staticTokenQuality({ base: { [a]: 100, [b]: 50 } }), now);
    expect(list).toMatchObject({ chain: "base", source: "indexed", block: "1234", computedAt: now });
    expect(list.tokens.map((t) => t.symbol)).toEqual(["AAA"]);
    const tokenList = toUniswapTokenList(list, list.tokens);
    expect(tokenList.version).toEqual({ major: 1, minor: 0, patch: 1234 });
    expect(tokenList.tokens).toEqual([{ chainId: 8453, address: "0x00000000000000000000000000000000000000AA", symbol: "AAA", name: "AAA", decimals: 18 }]);
  });
});
