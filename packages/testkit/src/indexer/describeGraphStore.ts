/**
 * The contract every `GraphStore` keeps (Redis in the workers, memory in tests and benchmarks): what is written is
 * read back exactly — pools with their bigint state, tokens, pending pools and the block — per chain, and the cheap
 * `readBlock` agrees with the graph; no stored value exceeds the value limit; a write after a change rewrites only
 * the shards holding it; the routable graph holds routable pools and their tokens only, and a reader holding one
 * re-fetches only changed shards. One suite, run against each implementation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keccak256, toHex, type Address } from "viem";
import { emptyGraph, indexPoolsByToken, shardIndexOf, V2Pool, type ChainGraph, type GraphStore, type ShardedGraphStoreOptions } from "@sluice/core";
import { address, v2, v3 } from "../routing/routingFixtures.js";
import { generateMainnetLikeGraph } from "../scale/generateMainnetLikeGraph.js";

export type GraphStoreUnderTest = {
  store: GraphStore;
  /** Values the store has read from its key-value store so far. */
  valuesRead: () => number;
  close: () => Promise<void>;
};

/** Small limits, so a few thousand pools make many shards. */
const SMALL: ShardedGraphStoreOptions = { maxValueBytes: 64 * 1024, itemsPerShard: 256 };

function sampleGraph(block: bigint, chain: "base" | "arbitrum" = "base"): ChainGraph {
  const graph = emptyGraph(chain, chain === "base" ? 8453 : 42161);
  graph.block = block;
  graph.blockTimestamp = 1_700_000_000 + Number(block);
  const [a, b, c] = [address(1), address(2), address(3)];
  for (const [t, symbol, decimals] of [[a, "AAA", 18], [b, "BBB", 6], [c, "CCC", 8]] as const) {
    graph.tokens.set(t, { address: t, symbol, decimals, quality: symbol === "CCC" ? null : 100, lastTradeAt: symbol === "AAA" ? 1_700_000_000 : null });
  }
  for (const pool of [v2(1, a, b, 10n ** 24n + block, 3n * 10n ** 12n), v3(2, b, c, 3000, 10n ** 18n + block, 120)]) {
    graph.pools.set(pool.address, pool as never);
  }
  graph.pending.set(address(0x99), { protocol: "uniswap-v3", address: address(0x99), token0: a, token1: c, fee: 500, tickSpacing: 10 });
  indexPoolsByToken(graph);
  return graph;
}

/** What a graph is, for comparison (pools by their quoting state, not object identity). */
function shape(graph: ChainGraph) {
  return {
    chain: graph.chain, chainId: graph.chainId, block: graph.block, blockTimestamp: graph.blockTimestamp,
    tokens: [...graph.tokens.entries()].sort(),
    pools: [...graph.pools.values()].map((p) => JSON.stringify(p, (_k, v) => (typeof v === "bigint" ? `${v}n` : v))).sort(),
    pending: [...graph.pending.entries()].sort(),
    poolsByToken: [...graph.poolsByToken.entries()].map(([t, ps]) => [t, [...ps].sort()]).sort(),
  };
}

/** A pool with its reserve0 raised by one (a new state, as an indexing pass would leave it). */
function bumped(graph: ChainGraph, pool: Address): V2Pool {
  const p = graph.pools.get(pool) as V2Pool;
  const next = new V2Pool({ address: p.address, token0: p.token0, token1: p.token1, reserve0: p.reserve0 + 1n, reserve1: p.reserve1 });
  graph.pools.set(pool, next);
  return next;
}

export function describeGraphStore(name: string, open: (options?: ShardedGraphStoreOptions) => Promise<GraphStoreUnderTest>) {
  describe(`GraphStore contract: ${name}`, () => {
    let subject: GraphStoreUnderTest;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    it("knows nothing of a chain it never stored", async () => {
      expect(await subject.store.readBlock("polygon")).toBeNull();
      expect(await subject.store.read("polygon")).toBeNull();
    });

    it("reads back exactly what it stored: tokens, pools with bigint state, pending pools, block", async () => {
      const graph = sampleGraph(1234n);
      await subject.store.write(graph);
      expect(await subject.store.readBlock("base")).toBe(1234n);
      const read = await subject.store.read("base");
      expect(read).not.toBeNull();
      expect(shape(read!)).toEqual(shape(graph));
    });

    it("a newer write replaces the graph and its block; chains are independent", async () => {
      await subject.store.write(sampleGraph(1300n));
      await subject.store.write(sampleGraph(77n, "arbitrum"));
      expect(await subject.store.readBlock("base")).toBe(1300n);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(sampleGraph(1300n)));
      expect(await subject.store.readBlock("arbitrum")).toBe(77n);
      expect((await subject.store.read("arbitrum"))!.chainId).toBe(42161);
    });

    it("hands out a fresh graph each read: changing one does not change the store", async () => {
      const first = await subject.store.read("base");
      first!.pools.clear();
      expect((await subject.store.read("base"))!.pools.size).toBe(2);
    });
  });

  describe(`GraphStore contract, sharded: ${name}`, () => {
    let subject: GraphStoreUnderTest;
    const { graph } = generateMainnetLikeGraph({ v2Pools: 3_000, v3Pools: 300, tokens: 1_500, seed: 3 });
    const v2s = [...graph.pools.values()].filter((p) => p instanceof V2Pool).map((p) => p.address);
    const routable = new Set(v2s.slice(0, 800));
    beforeAll(async () => {
      subject = await open(SMALL);
    });
    afterAll(async () => {
      await subject?.close();
    });

    it("keeps every value within the limit, and reads the whole graph back exactly", async () => {
      await subject.store.write(graph, { routable });
      const manifest = (await subject.store.readManifest("base"))!;
      const sizes = [...manifest.shards.r, ...manifest.shards.x].map(([, bytes]) => bytes);
      expect(sizes.length).toBeGreaterThan(8);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(SMALL.maxValueBytes!);
      expect(JSON.stringify(manifest).length).toBeLessThanOrEqual(SMALL.maxValueBytes!);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(graph));
    });

    it("serves the routable graph: exactly the routable pools and the tokens they hold", async () => {
      const { graph: r, manifest } = (await subject.store.readRoutable("base"))!;
      // A reader reads the manifest's head only: the routable part's shards, not the list of the rest.
      const whole = (await subject.store.readManifest("base"))!;
      expect(manifest.shards.r).toEqual(whole.shards.r);
      expect(manifest.shards.x).toEqual([]);
      expect(whole.shards.x.length).toBeGreaterThan(1);
      expect(new Set(r.pools.keys())).toEqual(routable);
      const tokens = new Set([...routable].flatMap((a) => [graph.pools.get(a)!.token0, graph.pools.get(a)!.token1]));
      expect(new Set(r.tokens.keys())).toEqual(tokens);
      expect(r.pending.size).toBe(0);
      expect(r.block).toBe(graph.block);
    });

    it("after a change, rewrites only the shards holding it; a reader re-fetches only those and keeps the rest", async () => {
      const stored = (await subject.store.read("base"))!;
      const held = (await subject.store.readRoutable("base"))!;
      const before = (await subject.store.readManifest("base"))!;
      const changedPool = v2s[5]!; // routable
      const next = bumped(stored, changedPool);
      stored.block += 1n;
      const written = await subject.store.write(stored, { routable, changed: { pools: [changedPool], tokens: [] } });
      expect(written.shardsWritten).toBe(1);
      const after = (await subject.store.readManifest("base"))!;
      const changedShards = (["r", "x"] as const).flatMap((part) => after.shards[part].filter(([v], i) => v !== before.shards[part][i]![0]));
      expect(changedShards).toHaveLength(1);
      expect(await subject.store.readBlock("base")).toBe(stored.block);

      const reloaded = (await subject.store.readRoutable("base", held))!;
      expect(reloaded.graph).not.toBe(held.graph);
      expect(reloaded.graph.pools.get(changedPool)).toEqual(next);
      expect(new Set(reloaded.graph.pools.keys())).toEqual(routable);
      const untouched = v2s.slice(0, 800).filter((a) => a !== changedPool);
      const sameObjects = untouched.filter((a) => reloaded.graph.pools.get(a) === held.graph.pools.get(a)).length;
      expect(sameObjects).toBeGreaterThan(untouched.length * 0.5); // shards not rewritten are kept, not re-decoded
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(stored));

      // Nothing routable changed: the reader keeps its very graph, at the new block.
      const again = (await subject.store.read("base"))!;
      const notRoutable = v2s[2_000]!;
      bumped(again, notRoutable);
      again.block += 1n;
      await subject.store.write(again, { routable, changed: { pools: [notRoutable], tokens: [] } });
      const same = (await subject.store.readRoutable("base", reloaded))!;
      expect(same.graph).toBe(reloaded.graph);
      expect(same.graph.block).toBe(again.block);
    });

    it("moves a pool between the routable and the indexed part when its routability changes", async () => {
      const stored = (await subject.store.read("base"))!;
      const promoted = v2s[1_500]!;
      const demoted = v2s[0]!;
      const next = new Set(routable);
      next.add(promoted);
      next.delete(demoted);
      stored.block += 1n;
      const written = await subject.store.write(stored, { routable: next, changed: { pools: [], tokens: [] } });
      expect(written.shardsWritten).toBeLessThanOrEqual(8);
      const r = (await subject.store.readRoutable("base"))!.graph;
      expect(r.pools.has(promoted)).toBe(true);
      expect(r.pools.has(demoted)).toBe(false);
      expect(new Set(r.pools.keys())).toEqual(next);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(stored));
    });

    it("an update read holds the routable part only, loads the rest by address, and its incremental write loses nothing", async () => {
      const full = (await subject.store.read("base"))!;
      const { routable: current } = { routable: new Set((await subject.store.readRoutable("base"))!.graph.pools.keys()) };
      const partial = (await subject.store.readForUpdate("base"))!;
      expect(new Set(partial.pools.keys())).toEqual(current);
      expect(partial.pending.size).toBe(0);
      expect(partial.pools.size).toBeLessThan(full.pools.size / 2);

      // An indexed pool outside the routable part: loaded by its address, with its shard's other pools.
      const outside = v2s[2_500]!;
      expect(partial.pools.has(outside)).toBe(false);
      expect(await subject.store.load(partial, { pools: [outside] })).toBe(2); // the pool filter, then the shard
      expect(partial.pools.get(outside)).toEqual(full.pools.get(outside));
      expect(await subject.store.load(partial, { pools: [outside] })).toBe(0); // held: nothing fetched
      const next = bumped(partial, outside);
      // A pool promoted without being loaded: its x shard, and its tokens' x shards, are loaded by the write itself.
      const heldTokens = new Set([...partial.tokens.keys()]);
      const promoted = v2s.slice(2_600).find((a) => !heldTokens.has(full.pools.get(a)!.token0) && !heldTokens.has(full.pools.get(a)!.token1) && !partial.pools.has(a))!;
      expect(partial.pools.has(promoted)).toBe(false);
      const promotedPool = full.pools.get(promoted)!;
      partial.pools.set(promoted, promotedPool);
      indexPoolsByToken(partial); // as an indexing pass ends
      const nextRoutable = new Set(current).add(promoted);
      partial.block += 1n;
      full.block = partial.block;
      await subject.store.write(partial, { routable: nextRoutable, changed: { pools: [outside, promoted], tokens: [] } });

      full.pools.set(outside, next);
      indexPoolsByToken(full);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(full)); // every other pool, token and pending pool kept
      const r = (await subject.store.readRoutable("base"))!.graph;
      expect(new Set(r.pools.keys())).toEqual(nextRoutable);
      expect(r.tokens.get(promotedPool.token0)).toEqual(full.tokens.get(promotedPool.token0));
      expect(r.tokens.get(promotedPool.token1)).toEqual(full.tokens.get(promotedPool.token1));
      // A later reader's view of the routable part is the new one: demote it again through an update read.
      const again = (await subject.store.readForUpdate("base"))!;
      again.block += 1n;
      await subject.store.write(again, { routable: current, changed: { pools: [], tokens: [] } });
      full.block = again.block;
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(full));
      expect(new Set((await subject.store.readRoutable("base"))!.graph.pools.keys())).toEqual(current);
    });

    it("a pool of another factory (its logs share our events) loads no shard: the pool filter knows it is not indexed", async () => {
      const partial = (await subject.store.readForUpdate("base"))!;
      const held = partial.pools.size;
      // Addresses as CREATE2 gives them, none indexed; a filter at ~10 bits a pool lets about 1% through.
      const foreign = Array.from({ length: 200 }, (_, i) => keccak256(toHex(`another factory's pair ${i}`)).slice(0, 42) as Address);
      expect(foreign.some((a) => graph.pools.has(a))).toBe(false);
      const before = subject.valuesRead();
      await subject.store.load(partial, { pools: foreign });
      // The filter, and a shard for each of the few false positives (without the filter: every `x` shard, 16 here).
      expect(subject.valuesRead() - before).toBeLessThanOrEqual(1 + 10);
      expect(partial.pools.size).toBe(held);
      // An indexed pool outside the routable part still loads, through the same filter.
      const outside = v2s.find((a) => !partial.pools.has(a))!;
      expect(await subject.store.load(partial, { pools: [outside] })).toBe(1);
      expect(partial.pools.get(outside)).toEqual(graph.pools.get(outside));
    });

    it("a pool an incremental write adds outside the routable part is in the pool filter: a later update read loads it", async () => {
      const partial = (await subject.store.readForUpdate("base"))!;
      const routableNow = new Set(partial.pools.keys());
      const model = partial.pools.get([...routableNow][0]!) as V2Pool;
      const created = keccak256(toHex("a pair the factory created in this block")).slice(0, 42) as Address;
      partial.pools.set(created, new V2Pool({ address: created, token0: model.token0, token1: model.token1, reserve0: 5n, reserve1: 7n }));
      indexPoolsByToken(partial);
      partial.block += 1n;
      await subject.store.write(partial, { routable: routableNow, changed: { pools: [created], tokens: [] } });

      const later = (await subject.store.readForUpdate("base"))!;
      expect(later.pools.has(created)).toBe(false);
      await subject.store.load(later, { pools: [created] });
      expect(later.pools.get(created)).toMatchObject({ address: created, reserve0: 5n, reserve1: 7n });
    });

    it("what an update read loads by address but leaves unchanged stays stored when its shard is rewritten", async () => {
      const full = (await subject.store.read("base"))!;
      const partial = (await subject.store.readForUpdate("base"))!;
      const xCount = (await subject.store.readManifest("base"))!.shards.x.length;
      // Two indexed pools outside the routable part in one x shard (the first with a token outside it too): load both,
      // change only the second.
      const outside = v2s.filter((a) => !partial.pools.has(a));
      const tokenOutside = (a: Address) => [full.pools.get(a)!.token0, full.pools.get(a)!.token1].find((t) => !partial.tokens.has(t));
      const kept = outside.find((a) => tokenOutside(a) && outside.some((b) => b !== a && shardIndexOf(b, xCount) === shardIndexOf(a, xCount)))!;
      const changed = outside.find((b) => b !== kept && shardIndexOf(b, xCount) === shardIndexOf(kept, xCount))!;
      const keptToken = tokenOutside(kept)!;
      await subject.store.load(partial, { pools: [kept, changed] });
      await subject.store.load(partial, { tokens: [keptToken] });
      expect(partial.pools.get(kept)).toEqual(full.pools.get(kept));
      expect(partial.tokens.get(keptToken)).toEqual(full.tokens.get(keptToken));
      const next = bumped(partial, changed);
      partial.block += 1n;
      await subject.store.write(partial, { routable: new Set((await subject.store.readRoutable("base"))!.graph.pools.keys()), changed: { pools: [changed], tokens: [] } });

      full.pools.set(changed, next);
      full.block = partial.block;
      indexPoolsByToken(full);
      const stored = (await subject.store.read("base"))!;
      expect(stored.pools.get(kept)).toEqual(full.pools.get(kept));
      expect(stored.tokens.get(keptToken)).toEqual(full.tokens.get(keptToken));
      expect(shape(stored)).toEqual(shape(full));
    });

    it("an update read on a held routable graph shares its pools and tokens, never its maps", async () => {
      const held = (await subject.store.readRoutable("base"))!;
      const fresh = (await subject.store.readForUpdate("base"))!;
      const onHeld = (await subject.store.readForUpdate("base", held))!;
      expect(shape(onHeld)).toEqual(shape(fresh));
      const [first] = held.graph.pools.keys();
      expect(onHeld.pools.get(first!)).toBe(held.graph.pools.get(first!));
      const before = shape(held.graph);
      const outside = v2s.find((a) => !onHeld.pools.has(a))!;
      await subject.store.load(onHeld, { pools: [outside] });
      onHeld.pools.delete(first!);
      onHeld.tokens.clear();
      expect(shape(held.graph)).toEqual(before);
    });

    it("an update read never overwrites a graph another writer stored since, and is never written whole", async () => {
      const partial = (await subject.store.readForUpdate("base"))!;
      const routableNow = new Set(partial.pools.keys());
      const other = (await subject.store.read("base"))!;
      other.block += 1n;
      await subject.store.write(other, { routable: routableNow, changed: { pools: [], tokens: [] } });
      partial.block = other.block + 1n;
      await expect(subject.store.write(partial, { routable: routableNow, changed: { pools: [], tokens: [] } })).rejects.toThrow(/rewritten since/);
      const fresh = (await subject.store.readForUpdate("base"))!;
      await expect(subject.store.write(fresh, { routable: routableNow })).rejects.toThrow(/only incrementally/);
      expect(shape((await subject.store.read("base"))!)).toEqual(shape(other));
    });

    it("grows a part's shard count when the graph outgrows it, and still reads back exactly (no shard it names is retired)", async () => {
      const onPolygon = (g: ChainGraph): ChainGraph => ({ ...g, chain: "polygon", chainId: 137 });
      const small = onPolygon(generateMainnetLikeGraph({ v2Pools: 100, v3Pools: 10, tokens: 80, seed: 9 }).graph);
      const big = onPolygon(graph);
      await subject.store.write(small, { routable: new Set() });
      const before = (await subject.store.readManifest("polygon"))!;
      await subject.store.write(big, { routable: new Set() }); // the routable part stays one empty shard, the same key
      const after = (await subject.store.readManifest("polygon"))!;
      expect(after.shards.x.length).toBeGreaterThan(before.shards.x.length);
      expect(after.shards.r).toEqual(before.shards.r);
      expect(shape((await subject.store.read("polygon"))!)).toEqual(shape(big));
      await subject.store.write(big, { routable });
      expect(shape((await subject.store.read("polygon"))!)).toEqual(shape(big));
      await subject.store.write(small, { routable: new Set() }); // shrinking keeps the counts: many empty shards
      expect(shape((await subject.store.read("polygon"))!)).toEqual(shape(small));
      expect((await subject.store.readRoutable("polygon"))!.graph.pools.size).toBe(0);
    });
  });
}
