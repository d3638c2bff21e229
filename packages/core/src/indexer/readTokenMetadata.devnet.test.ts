/**
 * Token metadata against tokens anyone can deploy, on a real node: a symbol of 175 KB of control characters is
 * sanitised, decimals outside 0..36 and a reverting `decimals()` leave the token out, a token burning all its gas
 * does not starve the others read with it, and a request that fails throws (nothing concluded, pools kept pending).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toHex, type Address } from "viem";
import { address, decimalsAnswer, rejectingClient, startTokenMetadataChain, symbolAnswer, type TokenMetadataChain } from "@sluice/testkit";
import { addTokenMetadata } from "./addTokenMetadata.js";
import { emptyGraph } from "./graphTypes.js";
import { readTokenMetadata } from "./readTokenMetadata.js";

let chain: TokenMetadataChain;
const good = address(0x1001);
const junkSymbol = address(0x1002);
const hugeDecimals = address(0x1003);
const noDecimals = address(0x1004);
const burner = address(0x1005);
const bytes32Symbol = address(0x1006);
beforeAll(async () => {
  chain = await startTokenMetadataChain();
  await chain.placeToken(good, { symbol: symbolAnswer("GOOD"), decimals: decimalsAnswer(6) });
  await chain.placeToken(junkSymbol, { symbol: symbolAnswer(`\u0001`.repeat(175_000) + "JUNK"), decimals: decimalsAnswer(18) });
  await chain.placeToken(hugeDecimals, { symbol: symbolAnswer("HUGE"), decimals: decimalsAnswer(10_000_000) });
  await chain.placeToken(noDecimals, { symbol: symbolAnswer("NODEC"), decimals: "revert" });
  await chain.placeToken(burner, { symbol: symbolAnswer("BURN"), decimals: "burn-gas" });
  await chain.placeToken(bytes32Symbol, { symbol: { returns: toHex("MKR", { size: 32 }) }, decimals: decimalsAnswer(18) });
}, 60_000);
afterAll(async () => chain?.stop());

const byAddress = (list: { address: Address }[]) => new Map(list.map((m) => [m.address, m]));

describe("readTokenMetadata", () => {
  it("sanitises a long control-character symbol, drops decimals outside 0..36 and a reverting decimals()", async () => {
    const read = byAddress(await readTokenMetadata(chain.client, [good, junkSymbol, hugeDecimals, noDecimals, bytes32Symbol]));
    expect(read.get(good)).toEqual({ address: good, symbol: "GOOD", decimals: 6 });
    expect(read.get(junkSymbol)).toEqual({ address: junkSymbol, symbol: "?", decimals: 18 });
    expect(read.get(bytes32Symbol)).toEqual({ address: bytes32Symbol, symbol: "MKR", decimals: 18 });
    expect(read.has(hugeDecimals)).toBe(false);
    expect(read.has(noDecimals)).toBe(false);
  });

  it("a token burning all the gas it is given does not starve the tokens read after it", async () => {
    // aggregate3 leaves 1/64 of the call's gas after the burner: about 390k, less than 150 tokens' calls need.
    const many = Array.from({ length: 150 }, (_, i) => address(0x3000 + i));
    for (const token of many) await chain.placeToken(token, { symbol: symbolAnswer("MANY"), decimals: decimalsAnswer(8) });
    const read = byAddress(await readTokenMetadata(chain.client, [burner, ...many, noDecimals, junkSymbol]));
    expect([...read.keys()].sort()).toEqual([...many, junkSymbol].sort());
  }, 60_000);

  it("a failed request throws: addTokenMetadata keeps the pools pending; with the node answering, only the token without decimals loses its pool", async () => {
    const graph = emptyGraph("base", 8453);
    const pool = (n: number, token1: Address) => ({ protocol: "uniswap-v2" as const, address: address(n), token0: good, token1, fee: 3000, tickSpacing: 0 });
    graph.pending.set(address(0x2001), pool(0x2001, bytes32Symbol));
    graph.pending.set(address(0x2002), pool(0x2002, noDecimals));
    const failing = rejectingClient({ rpcUrl: chain.rpcUrl });
    await expect(addTokenMetadata({ graph, client: failing.client })).rejects.toThrow();
    expect(failing.rejected).toBeGreaterThan(0);
    expect(graph.pending.size).toBe(2);
    expect(graph.tokens.size).toBe(0);

    const { dropped } = await addTokenMetadata({ graph, client: chain.client });
    expect(dropped).toEqual([address(0x2002)]);
    expect([...graph.pending.keys()]).toEqual([address(0x2001)]);
  });
});
