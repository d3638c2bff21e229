/**
 * Token metadata against tokens anyone can deploy, on a real node: a symbol of 175 KB of control characters is
 * sanitised, decimals outside 0..36 and a reverting `decimals()` leave the token out, a token burning all its gas
 * does not starve the others read with it, and a request that fails throws (nothing concluded, pools kept pending).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, custom, encodeFunctionData, toHex, type Address, type PublicClient } from "viem";
import { address, decimalsAnswer, rejectingClient, startTokenMetadataChain, symbolAnswer, type TokenMetadataChain } from "@sluice/testkit";
import { erc20MetadataAbi } from "./abis.js";
import { addTokenMetadata } from "./addTokenMetadata.js";
import { AGGREGATE_REQUESTS_MAX, aggregateSettled } from "./aggregateSettled.js";
import { EXCLUDED_POOL_RETRY_MS } from "./excludeOversizedItems.js";
import { emptyGraph } from "./graphTypes.js";
import { pendingPoolsNowReadable } from "./pendingPoolsNowReadable.js";
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

/** A client of `client`'s node counting its requests and the most in flight at once. */
function countingClient(client: PublicClient) {
  const state = { requests: 0, inFlight: 0, maxInFlight: 0 };
  const counted = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        state.requests++;
        state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
        try {
          return await client.request({ method, params } as never);
        } finally {
          state.inFlight--;
        }
      },
    }, { retryCount: 0 }),
  }) as PublicClient;
  return { client: counted, state };
}

const byAddress = (list: { address: Address }[]) => new Map(list.map((m) => [m.address, m]));

describe("readTokenMetadata", () => {
  it("sanitises a long control-character symbol, drops decimals outside 0..36 and a reverting decimals()", async () => {
    const read = byAddress((await readTokenMetadata(chain.client, [good, junkSymbol, hugeDecimals, noDecimals, bytes32Symbol])).metadata);
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
    const read = byAddress((await readTokenMetadata(chain.client, [burner, ...many, noDecimals, junkSymbol])).metadata);
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

  it("many gas burners in one batch cost a bounded number of requests, one in flight at a time, logged once", async () => {
    // 40 burners spread among 200 good tokens: unbounded, the splitting costs ~2m-1 requests a read, 256 at once.
    const goods = Array.from({ length: 200 }, (_, i) => address(0x5000 + i));
    const burners = Array.from({ length: 40 }, (_, i) => address(0x6000 + i));
    for (const token of goods) await chain.placeToken(token, { symbol: symbolAnswer("OK"), decimals: decimalsAnswer(6) });
    for (const token of burners) await chain.placeToken(token, { symbol: "burn-gas", decimals: "burn-gas" });
    const tokens = goods.flatMap((g, i) => (i % 5 === 0 ? [burners[i / 5]!, g] : [g]));
    const callData = encodeFunctionData({ abi: erc20MetadataAbi, functionName: "decimals" });
    const counted = countingClient(chain.client);
    const logs: unknown[][] = [];
    const settled = await aggregateSettled({ client: counted.client, calls: tokens.map((target) => ({ target, callData })), log: (...a) => void logs.push(a) });
    expect(settled).toHaveLength(tokens.length);
    for (const b of burners) expect(settled[tokens.indexOf(b)]!.success).toBe(false);
    // The bound was reached: the calls it left are unsettled (nothing known), not failed.
    expect(settled.some((s) => !s.success && s.unsettled)).toBe(true);
    expect(counted.state.requests).toBeLessThanOrEqual(AGGREGATE_REQUESTS_MAX);
    expect(counted.state.maxInFlight).toBe(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]![0]).toBe("warn");

    // Through readTokenMetadata: symbol, decimals and the bytes32 retry are each bounded; the burners are left out.
    const read = countingClient(chain.client);
    const { metadata: list, unsettled } = await readTokenMetadata(read.client, tokens);
    const metadata = byAddress(list);
    for (const b of burners) expect(metadata.has(b)).toBe(false);
    // What the bound left unsettled is answered so, never as read nor as failed.
    for (const t of unsettled) expect(metadata.has(t)).toBe(false);
    expect(read.state.requests).toBeLessThanOrEqual(3 * AGGREGATE_REQUESTS_MAX);
  }, 120_000);

  it("attack: gas burners exhausting the request bound defer an honest new token's pool (still pending), a reverting token's pool is still dropped", async () => {
    // 40 burner tokens, each in a pool discovered in the same slice, ahead of an honest token's pool: the bound runs out
    // before the honest token's calls are settled. Settled as failed, its pool was dropped for good.
    const honest = address(0x7001);
    await chain.placeToken(honest, { symbol: symbolAnswer("HONEST"), decimals: decimalsAnswer(18) });
    const burners = Array.from({ length: 40 }, (_, i) => address(0x7100 + i));
    for (const token of burners) await chain.placeToken(token, { symbol: "burn-gas", decimals: "burn-gas" });
    const graph = emptyGraph("base", 8453);
    const pool = (n: number, token0: Address, token1: Address) => ({ protocol: "uniswap-v2" as const, address: address(n), token0, token1, fee: 3000, tickSpacing: 0 });
    graph.pending.set(address(0x7200), pool(0x7200, noDecimals, good));
    burners.forEach((b, i) => graph.pending.set(address(0x7300 + i), pool(0x7300 + i, b, good)));
    graph.pending.set(address(0x7400), pool(0x7400, honest, good));
    const now = 1_000_000;
    const { dropped, deferred } = await addTokenMetadata({ graph, client: chain.client, now });
    expect(dropped).toContain(address(0x7200));
    expect(graph.pending.has(address(0x7200))).toBe(false);
    expect(dropped).not.toContain(address(0x7400));
    expect(deferred).toContain(address(0x7400));
    expect(graph.pending.get(address(0x7400))?.excluded).toBe(now);
    // Not read again on every pass: only once the deferral (an exclusion) has expired.
    expect((await addTokenMetadata({ graph, client: chain.client, now: now + 1 })).added).toEqual([]);
    // Once it has, and the burners are settled (dropped), the honest token is added and its pool is to be read whole
    // in that pass (its creation logs were in the first one; a quiet pool may never log again).
    for (const i of burners.keys()) graph.pending.delete(address(0x7300 + i));
    const later = now + EXCLUDED_POOL_RETRY_MS + 1;
    const retried = await addTokenMetadata({ graph, client: chain.client, now: later });
    expect(retried.added).toContain(honest);
    expect(pendingPoolsNowReadable(graph, retried.added, later).map((p) => p.address)).toEqual([address(0x7400)]);
  }, 120_000);
});
