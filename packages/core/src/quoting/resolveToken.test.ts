/**
 * Symbol resolution names the token /tokens lists under that symbol, or refuses: curated first, then /tokens' own
 * canonical order (quality, pools, address; any case), and the winner must be listed.
 */
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { address } from "@sluice/testkit";
import { emptyGraph, type ChainGraph, type IndexedToken } from "../indexer/graphTypes.js";
import { listIndexedTokens } from "../indexer/listIndexedTokens.js";
import { selectListedTokens } from "../tokens/selectListedTokens.js";
import { resolveToken } from "./resolveToken.js";

const NOW = 1_800_000_000;
const DAY = 86_400;
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
/** The address /tokens lists under `symbol` (case-insensitive), if any. */
const listedBySymbol = (graph: ChainGraph, symbol: string) =>
  selectListedTokens({ chain: "base", tokens: listIndexedTokens(graph), quality: new Map(), now: NOW })
    .find((t) => t.symbol.toLowerCase() === symbol.toLowerCase())?.address.toLowerCase();

describe("resolveToken by symbol", () => {
  it("attack: an unlisted look-alike of the exact case does not shadow the listed token /tokens advertises", () => {
    const LINK = address(0xb1);
    const junk = address(0xb2);
    const graph = graphOf([
      { address: LINK, symbol: "LINK", pools: 3 },
      { address: junk, symbol: "link", quality: 10, pools: 30 },
    ]);
    expect(listedBySymbol(graph, "link")).toBe(LINK);
    for (const symbol of ["link", "LINK", "Link"]) expect(resolve(graph, symbol)).toMatchObject({ address: LINK, symbol: "LINK", listed: true });
  });

  it("attack: a listed look-alike does not take the symbol of a better-ranked token /tokens excludes", () => {
    // /tokens picks FOO (same quality, more pools) and lists neither, FOO being stale; /route quoted "Foo" for "FOO".
    const [stale, lookAlike] = [address(0xb6), address(0xb7)];
    const graph = graphOf([
      { address: stale, symbol: "FOO", pools: 50, lastTradeAt: NOW - 4 * DAY },
      { address: lookAlike, symbol: "Foo", pools: 3 },
    ]);
    expect(listedBySymbol(graph, "foo")).toBeUndefined();
    for (const symbol of ["FOO", "Foo", "foo"]) expect(() => resolve(graph, symbol)).toThrow(expect.objectContaining({ code: "UNSUPPORTED_TOKEN" }));
    expect(resolveToken(graph, "base", { token: lookAlike }, "from")).toMatchObject({ address: lookAlike, listed: true }); // by address, as ever
  });

  it("names /tokens' choice whatever the case asked: the most pools between tokens of equal quality", () => {
    const [upper, lower] = [address(0xb3), address(0xb4)];
    const graph = graphOf([{ address: upper, symbol: "FOO", pools: 5 }, { address: lower, symbol: "foo", pools: 1 }]);
    expect(listedBySymbol(graph, "foo")).toBe(upper);
    expect(resolve(graph, "foo").address).toBe(upper);
    expect(resolve(graph, "FOO").address).toBe(upper);
  });

  it("keeps the chain's curated token first, whatever the graph holds of that symbol in any case", () => {
    const graph = graphOf([{ address: address(0xb5), symbol: "usdc", pools: 50 }, { address: USDC, symbol: "USDC", decimals: 6 }]);
    expect(listedBySymbol(graph, "usdc")).toBe(USDC);
    expect(resolve(graph, "usdc").address).toBe(USDC);
  });
});

describe("resolveToken: the native coin and contradictory addresses", () => {
  const WETH = "0x4200000000000000000000000000000000000006" as Address;
  const graph = graphOf([{ address: USDC, symbol: "USDC" }, { address: WETH, symbol: "WETH" }, { address: address(0xe1), symbol: "ETH", pools: 50 }]);

  it.each([
    [{ token: "ETH" }], [{ token: "eth" }], [{ token: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE" }],
    [{ token: "0x0000000000000000000000000000000000000000" }], [{ token: "ETH", address: "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", decimals: 18 }],
  ])("%j is the native coin: refused naming WETH, never a token calling itself ETH nor 'no route'", (spec) => {
    expect(() => resolveToken(graph, "base", spec, "from")).toThrow(
      expect.objectContaining({ code: "UNSUPPORTED_TOKEN", message: expect.stringMatching(/native ETH cannot be swapped.*use WETH \(0x4200000000000000000000000000000000000006\)/) }),
    );
  });

  it("on polygon, POL and MATIC name the native coin", () => {
    for (const token of ["POL", "matic"]) {
      expect(() => resolveToken(emptyGraph("polygon", 137), "polygon", { token }, "to")).toThrow(expect.objectContaining({ code: "UNSUPPORTED_TOKEN", message: expect.stringMatching(/^to: native POL .* use WPOL/) }));
    }
  });

  it("a token calling itself ETH is still quoted by its address", () => {
    expect(resolveToken(graph, "base", { token: "ETH", address: address(0xe1) }, "from")).toMatchObject({ address: address(0xe1), symbol: "ETH" });
  });

  it("from and fromAddress naming two different addresses: 400 naming both; the same address in two cases is one token", () => {
    expect(() => resolveToken(graph, "base", { token: WETH, address: USDC }, "from")).toThrow(
      expect.objectContaining({ code: "MALFORMED_REQUEST", message: expect.stringContaining(`from: ${WETH} is not fromAddress ${USDC}`) }),
    );
    expect(resolveToken(graph, "base", { token: USDC.toUpperCase().replace("0X", "0x"), address: USDC }, "from").address).toBe(USDC);
    // A symbol beside the address is a label: the address wins, as documented.
    expect(resolveToken(graph, "base", { token: "USDC", address: WETH }, "from").address).toBe(WETH);
  });
});
