import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { chainNames, chains } from "../chains/chains.js";
import type { IndexedTokenSummary } from "../indexer/listIndexedTokens.js";
import { selectListedTokens } from "./selectListedTokens.js";
import { fallbackTokenList, withoutDelistedTokens } from "./fallbackTokenList.js";
import { staticTokenQuality } from "../indexer/tokenQuality.js";
import { searchTokenList } from "./searchTokenList.js";

const now = 1_900_000_000;
const day = 86_400;
const usdc = chains.base.curatedTokens.find((t) => t.symbol === "USDC")!;
const weth = chains.base.curatedTokens.find((t) => t.symbol === "WETH")!;
const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const token = (over: Partial<IndexedTokenSummary> & { address: Address; symbol: string }): IndexedTokenSummary =>
  ({ decimals: 18, quality: 100, poolCount: 1, lastTradeAt: now - 60, ...over });
const select = (tokens: IndexedTokenSummary[], quality = new Map<Address, number>()) =>
  selectListedTokens({ chain: "base", tokens, quality, now });

describe("selectListedTokens", () => {
  it("lists only quality 100, traded within 3 days, in at least one pool", () => {
    const listed = select([
      token({ address: addr(1), symbol: "OK" }),
      token({ address: addr(2), symbol: "Q99", quality: 99 }),
      token({ address: addr(3), symbol: "QNULL", quality: null }),
      token({ address: addr(4), symbol: "EDGE", lastTradeAt: now - 3 * day }),
      token({ address: addr(5), symbol: "STALE", lastTradeAt: now - 3 * day - 1 }),
      token({ address: addr(6), symbol: "NEVER", lastTradeAt: null }),
      token({ address: addr(7), symbol: "NOPOOL", poolCount: 0 }),
    ]);
    expect(listed.map((t) => t.symbol).sort()).toEqual(["EDGE", "OK"]);
  });

  it("takes quality from the configured source over the graph's", () => {
    const listed = select([token({ address: addr(1), symbol: "A", quality: null }), token({ address: addr(2), symbol: "B" })],
      new Map([[addr(1), 100], [addr(2), 40]]));
    expect(listed.map((t) => t.symbol)).toEqual(["A"]);
  });

  it("orders curated first, then by pools, then by symbol", () => {
    const listed = select([
      token({ address: addr(1), symbol: "MANY", poolCount: 50 }),
      token({ address: addr(2), symbol: "bee", poolCount: 3 }),
      token({ address: addr(3), symbol: "Ant", poolCount: 3 }),
      token({ address: usdc.address.toLowerCase() as Address, symbol: "USDC", decimals: 6, poolCount: 2 }),
      token({ address: weth.address.toLowerCase() as Address, symbol: "WETH", poolCount: 9 }),
    ]);
    expect(listed.map((t) => t.symbol)).toEqual(["WETH", "USDC", "MANY", "Ant", "bee"]);
    expect(listed.map((t) => t.curated)).toEqual([true, true, false, false, false]);
    expect(listed[0]!.address).toBe(weth.address); // checksummed
  });

  it("keeps one address per symbol: curated, else most pools, else the lowest address", () => {
    const listed = select([
      token({ address: addr(9), symbol: "USDC", poolCount: 40 }), // look-alike of a curated symbol
      token({ address: usdc.address.toLowerCase() as Address, symbol: "USDC", decimals: 6, poolCount: 2 }),
      token({ address: addr(5), symbol: "TWIN", poolCount: 1 }),
      token({ address: addr(6), symbol: "twin", poolCount: 2 }),
      token({ address: addr(8), symbol: "TIE" }),
      token({ address: addr(7), symbol: "TIE" }),
    ]);
    expect(listed.map((t) => [t.symbol, t.address.toLowerCase()])).toEqual([
      ["USDC", usdc.address.toLowerCase()], ["twin", addr(6)], ["TIE", addr(7)],
    ]);
  });

  it("never lets a look-alike take the symbol of an excluded canonical token", () => {
    const listed = select([
      token({ address: usdc.address.toLowerCase() as Address, symbol: "USDC", decimals: 6, lastTradeAt: now - 10 * day }),
      token({ address: addr(9), symbol: "USDC" }),
      token({ address: addr(1), symbol: "X", poolCount: 5, lastTradeAt: now - 10 * day }),
      token({ address: addr(2), symbol: "X", poolCount: 1 }),
    ]);
    expect(listed).toEqual([]);
  });
});

describe("fallbackTokenList", () => {
  it("is the registry's curated list on each of the four chains", () => {
    for (const chain of chainNames) {
      const list = fallbackTokenList(chain, "rpc-unreachable");
      expect(list.source).toBe("fallback");
      expect(list.tokens.map((t) => t.address)).toEqual(chains[chain].curatedTokens.map((t) => t.address));
      expect(list.tokens.every((t) => t.curated && t.quality === 100 && t.chain === chain)).toBe(true);
    }
  });
});

describe("withoutDelistedTokens", () => {
  // The fallback is served while the RPC is down; a wallet importing it must not get back a token the operator delisted.
  it("leaves out a curated token the operator scored below 100, keeps the others and any token without a score", async () => {
    const list = fallbackTokenList("base", "rpc-unreachable");
    const kept = await withoutDelistedTokens(list, staticTokenQuality({ base: { [usdc.address]: 0, [chains.base.curatedTokens[0]!.address]: 100 } }));
    expect(kept.tokens.map((t) => t.symbol)).toEqual(list.tokens.map((t) => t.symbol).filter((s) => s !== "USDC"));
    expect(kept).toMatchObject({ source: "fallback", reason: "rpc-unreachable" });
  });
  it("serves the registry's list as it is when the quality source fails or does not answer within a second", async () => {
    const list = fallbackTokenList("base", "storage-unreachable");
    expect(await withoutDelistedTokens(list, async () => { throw new Error("down"); })).toEqual(list);
    expect(await withoutDelistedTokens(list, () => new Promise(() => {}))).toEqual(list);
    expect(await withoutDelistedTokens(list, undefined)).toEqual(list);
  });
});

describe("searchTokenList", () => {
  const tokens = fallbackTokenList("base", "rpc-unreachable").tokens;
  it("matches a symbol prefix or substring, case-insensitively, keeping the order", () => {
    expect(searchTokenList(tokens, "us", 100).map((t) => t.symbol)).toEqual(["USDC", "USDT"]);
    expect(searchTokenList(tokens, "sdt", 100).map((t) => t.symbol)).toEqual(["USDT"]);
    expect(searchTokenList(tokens, "", 100)).toHaveLength(tokens.length);
  });
  it("matches an address prefix, case-insensitively", () => {
    expect(searchTokenList(tokens, usdc.address.slice(0, 8).toUpperCase().replace("0X", "0x"), 100).map((t) => t.symbol)).toEqual(["USDC"]);
    expect(searchTokenList(tokens, "0x", 100)).toHaveLength(tokens.length);
  });
  it("applies the limit after the search", () => {
    expect(searchTokenList(tokens, undefined, 2).map((t) => t.symbol)).toEqual(["WETH", "USDC"]);
  });
});
