/**
 * The chain head under the freshness contract, against a real anvil node and a real Redis: within `maxAgeMs` a head
 * is read once for every request and isolate (the isolate's sighting, then the shared one in Redis), after it the node
 * is asked again; 0 always asks the node; Redis down only means asking the node.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { Redis } from "@upstash/redis/cloudflare";
import { startAnvil, startTestRedis, type AnvilNode, type TestRedis } from "@sluice/testkit";
import { readChainHead, type ChainHeadCache } from "./readChainHead.js";

let t: TestRedis;
let anvil: AnvilNode;
let client: PublicClient;
let calls = 0;
beforeAll(async () => {
  [t, anvil] = await Promise.all([startTestRedis(), startAnvil({ chainId: 8453, port: 0, genesisTimestamp: Math.floor(Date.now() / 1000) })]);
  // Counts the node's eth_blockNumber answers as they cross the wire.
  client = createPublicClient({ transport: http(anvil.rpcUrl, { onFetchRequest: async (request) => {
    if ((await request.clone().text()).includes("eth_blockNumber")) calls++;
  } }) }) as PublicClient;
});
afterAll(async () => {
  await Promise.all([t?.close(), anvil?.stop()]);
});
const mine = () => client.request({ method: "evm_mine" as never, params: [] as never });

describe("readChainHead", () => {
  it("reads the head once per freshness window for every isolate, then asks the node again", async () => {
    const isolateA: ChainHeadCache = new Map();
    const isolateB: ChainHeadCache = new Map();
    const read = (cache: ChainHeadCache, now: number, maxAgeMs = 2_000) => readChainHead({ chain: "base", client, redis: t.redis, cache, maxAgeMs, now });
    const now = Date.now();
    calls = 0;
    const first = await read(isolateA, now);
    expect(first.source).toBe("node");
    await mine();
    // Within the window: the same block everywhere, and no further node call.
    expect(await read(isolateA, now + 500)).toEqual({ block: first.block, source: "isolate" });
    expect(await read(isolateB, now + 600)).toEqual({ block: first.block, source: "shared" });
    expect(await read(isolateB, now + 700)).toEqual({ block: first.block, source: "isolate" });
    expect(calls).toBe(1);
    // Past it: the node again, which has mined since.
    const later = await read(isolateA, now + 2_001);
    expect(later).toEqual({ block: first.block + 1n, source: "node" });
    // 0: every call asks the node.
    await read(isolateA, now + 2_002, 0);
    await read(isolateA, now + 2_003, 0);
    expect(calls).toBe(4);
  });

  it("concurrent quotes of an isolate that find the head expired share one read (one Redis GET, one eth_blockNumber)", async () => {
    const isolate: ChainHeadCache = new Map();
    const inFlight = new Map();
    const now = Date.now() + 60_000; // past every window of the test above
    calls = 0;
    const heads = await Promise.all(Array.from({ length: 16 }, () =>
      readChainHead({ chain: "base", client, redis: t.redis, cache: isolate, maxAgeMs: 2_000, inFlight, now })));
    expect(new Set(heads.map((h) => h.block)).size).toBe(1);
    expect(calls).toBe(1);
    expect(inFlight.size).toBe(0);
  });

  it("with Redis down, asks the node", async () => {
    const down = new Redis({ url: "http://127.0.0.1:9", token: "x", retry: { retries: 0 } });
    calls = 0;
    const head = await readChainHead({ chain: "base", client, redis: down as never, cache: new Map(), maxAgeMs: 2_000 });
    expect(head.source).toBe("node");
    expect(calls).toBe(1);
  });

  it("a read another request started that never settles is waited on within this request's bound, then read here", async () => {
    // In workerd a promise of another request may never wake this one (its creator ended first): here, one that never settles.
    const inFlight = new Map([["base" as const, new Promise<never>(() => {})]]);
    calls = 0;
    const head = await readChainHead({ chain: "base", client, redis: t.redis, cache: new Map(), maxAgeMs: 2_000, inFlight, now: Date.now() + 120_000 });
    expect(head.source).toBe("node");
    expect(calls).toBe(1);
  });
});

