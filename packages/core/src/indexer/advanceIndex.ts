import type { Address } from "viem";
import { factoryEvents } from "./abis.js";
import { addTokenMetadata } from "./addTokenMetadata.js";
import { applyPoolStates } from "./applyPoolStates.js";
import { isExcludedPool, V3_TICKS_PER_POOL_MAX } from "./excludeOversizedItems.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import { emptyGraph, indexPoolsByToken, type ChainGraph, type PendingPool } from "./graphTypes.js";
import { indexChain, INDEX_CALLS_PER_REQUEST } from "./indexChain.js";
import type { IndexBudget } from "./indexBudget.js";
import type { IndexProgress } from "./indexProgress.js";
import type { PartialGraphChanges } from "./partialGraphStore.js";
import { readIndexLogs } from "./readIndexLogs.js";
import { readPoolStates, type PoolStateRequest } from "./readPoolStates.js";
import { storeReadyGraph } from "./storeReadyGraph.js";
import { estimateTickBitmapCalls, type TickBitmapPool } from "./readTickBitmaps.js";

export type AdvanceIndexParameters = ChainIndexSource & {
  budget: IndexBudget;
  /** V3 pools whose state one load slice reads (each costs one request per 500 bitmap words and ticks). Default 50. */
  poolsPerSlice?: number;
  /** Logs one slice (discovery, catch-up, an incremental pass) holds at most. Default `INDEX_MAX_LOGS_PER_PASS`. */
  maxLogsPerSlice?: number;
  now?: () => number;
};

export type AdvanceIndexReturnType = {
  progress: IndexProgress;
  /**
   * The graph this invocation indexed (null while a cold index is under way): after a cold index, the whole graph;
   * after an incremental pass, the part it held (`GraphStore.readForUpdate`: the routable part and the shards the pass
   * loaded).
   */
  graph: ChainGraph | null;
  /** Its routable universe, when this invocation wrote it (what the token list and quotes use). */
  routable: ChainGraph | null;
  /** Graph-store shards this invocation wrote. */
  shardsWritten: number;
  /** Pools an incremental pass changed (created, re-read or dropped); empty otherwise. */
  changedPools: ReadonlySet<Address>;
  /** Slices done in this invocation. */
  slices: number;
  /** True when this invocation wrote a newer graph to the graph store. */
  advanced: boolean;
};

/** Subrequests left for another incremental pass of a ready chain in the same run (read, head, logs, state, write, progress). */
const READY_PASS_RESERVE = 8;

/**
 * Moves a chain's index forward as far as `budget` allows, a slice at a time, storing the progress (and the graph
 * being built) after every slice: a cold index goes through discover → load → catchup (see `IndexProgress`) and
 * writes the graph to the graph store when it is complete; a ready index runs incremental passes (`indexChain`), another
 * while the last stopped short of the head (its log bound) and the budget allows.
 * A later invocation continues where this one stopped.
 */
export async function advanceIndex(source: AdvanceIndexParameters): Promise<AdvanceIndexReturnType> {
  const { chain, chainId, client, budget } = source;
  const now = source.now ?? Date.now;
  budget.spend(1);
  let progress: IndexProgress | null = await source.progress.read(chain);
  let slices = 0;
  /**
   * Stores the progress and the partial graph's changes (`changes`: what the slice changed; the store writes the whole
   * graph when it did not read it), or with `partial` null drops the partial graph (`noPartial`: none is stored).
   * The store counts its requests on the budget.
   */
  const save = async (partial: ChainGraph | null, changes?: PartialGraphChanges, noPartial?: boolean) => {
    slices++;
    progress = { ...progress!, slices: progress!.slices + 1, updatedAt: now() };
    await source.progress.write(progress, partial, { changes: changes ?? { pools: [], tokens: [] }, requests: budget, noPartial });
  };

  /** One incremental pass of a ready chain, stored; null when its stored graph is gone. */
  const readyPass = async (ready: IndexProgress) => {
    budget.spend(1);
    // The routable part (on the isolate's routable graph when it holds one), and of the rest only the shards this pass
    // names: never the whole graph (at Ethereum size, more than an isolate's memory).
    const cached = source.cache.get(chain);
    const stored = await source.store.readForUpdate(chain, cached?.manifest && { graph: cached.graph, manifest: cached.manifest });
    if (!stored) return null;
    const previousBlock = stored.block; // indexChain moves the graph it is given on in place
    const loadStored = (wanted: { pools?: Iterable<Address>; tokens?: Iterable<Address> }) => source.store.load(stored, wanted);
    const result = await indexChain({ ...source, graph: stored, span: ready.span, budget, loadStored, maxLogs: source.maxLogsPerSlice });
    const advanced = result.toBlock !== previousBlock;
    let written = { routable: null as ChainGraph | null, shardsWritten: 0 };
    let after = ready;
    if (advanced) {
      budget.spend(1);
      written = await storeReadyGraph({
        source, graph: result.graph, now: now(), changed: { pools: result.changedPools, tokens: result.changedTokens, previousBlock },
      });
      progress = { ...ready, block: result.toBlock, span: result.span };
      await save(null, undefined, true);
      after = progress;
    }
    return { progress: after, graph: result.graph, advanced, ...written, changedPools: result.changedPools, stoppedEarly: result.toBlock < result.head };
  };

  if (progress?.phase === "ready") {
    // Passes one after another while the last stopped short of the head (its log bound, `maxLogsPerSlice`) and the
    // budget allows another: a chain busier than one pass's logs a run still reaches the head.
    // Only the last pass's graph is kept (each holds the shards its pass loaded), with what every pass wrote and changed.
    type ReadyPass = NonNullable<Awaited<ReturnType<typeof readyPass>>>;
    let last = null as ReadyPass | null;
    let pass: ReadyPass | null;
    let routable: ChainGraph | null = null;
    let shardsWritten = 0;
    const changedPools = new Set<Address>();
    do {
      pass = await readyPass(progress);
      if (!pass) break;
      last = { ...pass, advanced: pass.advanced || (last !== null && last.advanced) };
      routable = pass.routable ?? routable;
      shardsWritten += pass.shardsWritten;
      for (const pool of pass.changedPools) changedPools.add(pool);
    } while (pass.advanced && pass.stoppedEarly && budget.allows(READY_PASS_RESERVE));
    if (last) return { progress: last.progress, graph: last.graph, slices, advanced: last.advanced, routable, shardsWritten, changedPools };
    progress = null; // the stored graph is gone: index again
  }

  if (!progress) {
    // A graph stored without progress (indexed before progress was kept) is adopted as ready.
    budget.spend(1);
    const storedBlock = await source.store.readBlock(chain);
    if (storedBlock !== null && storedBlock >= 0n) {
      progress = {
        chain, phase: "ready", startBlock: source.startBlock ?? 0n, targetBlock: storedBlock, cursor: storedBlock, loadedThrough: null, poolsFound: 0,
        poolsLoaded: 0, readThrough: storedBlock, catchupFrom: storedBlock, block: storedBlock, span: 2_000n, slices: 0, updatedAt: now(),
      };
      await save(null, undefined, true);
      return advanceIndex(source);
    }
  }
  const fresh = async (): Promise<IndexProgress> => {
    budget.spend(1);
    const head = await client.getBlockNumber({ cacheTime: 0 });
    // A start block past the head cannot be where this chain's factories were deployed: the chain is a local one
    // playing a real chain at its addresses (fork mode's remote in tests), shorter than the real one. Read it whole.
    const configured = source.startBlock ?? 0n;
    const startBlock = configured > head ? 0n : configured;
    return {
      chain, phase: "discover", startBlock, targetBlock: head, cursor: startBlock - 1n, loadedThrough: null, poolsFound: 0, poolsLoaded: 0,
      // The span starts at one block and grows while answers are small: how busy a chain's blocks are is unknown
      // until the first answer, which arrives whole (a few dozen more requests on a real chain, never one huge answer).
      readThrough: head, catchupFrom: startBlock - 1n, block: startBlock - 1n, span: 1n, slices: 0, updatedAt: now(),
    };
  };
  if (!progress) progress = await fresh();
  let partial = progress.slices > 0 ? await source.progress.readPartial(chain, budget) : null;
  // The graph being built is gone (evicted) while its progress stayed: start again rather than finish an empty graph.
  if (!partial && progress.slices > 0) progress = await fresh();
  partial ??= emptyGraph(chain, chainId);
  const factories = [source.uniswapV2Factory, source.uniswapV3Factory].filter((a): a is Address => !!a);

  while (budget.allows(4)) {
    if (progress.phase === "discover") {
      const before = progress.cursor;
      const read = await readIndexLogs({
        client, fromBlock: progress.cursor + 1n, toBlock: progress.targetBlock, span: progress.span, budget, reserve: 4,
        events: factoryEvents, address: factories, maxLogs: source.maxLogsPerSlice,
      });
      const v2 = source.uniswapV2Factory?.toLowerCase();
      const v3 = source.uniswapV3Factory?.toLowerCase();
      const found = new Set<Address>();
      for (const log of read.logs) {
        const a = log.args;
        if (log.eventName === "PairCreated" && log.address === v2) {
          const pair = lower(a.pair);
          found.add(pair);
          partial.pending.set(pair, { protocol: "uniswap-v2", address: pair, token0: lower(a.token0), token1: lower(a.token1), fee: 3000, tickSpacing: 0 });
        } else if (log.eventName === "PoolCreated" && log.address === v3) {
          const pool = lower(a.pool);
          found.add(pool);
          partial.pending.set(pool, { protocol: "uniswap-v3", address: pool, token0: lower(a.token0), token1: lower(a.token1), fee: Number(a.fee), tickSpacing: Number(a.tickSpacing) });
        }
      }
      const metadata = await addTokenMetadata({ graph: partial, client, budget });
      progress = { ...progress, cursor: read.reached, span: read.span, poolsFound: partial.pending.size + partial.pools.size };
      if (read.reached >= progress.targetBlock) progress.phase = "load";
      // Pools an earlier slice deferred (a token left unsettled) may be dropped or deferred again by this one.
      await save(partial, { pools: [...found, ...metadata.dropped, ...metadata.deferred], tokens: metadata.added });
      if (read.reached === before && progress.phase === "discover") break;
    } else if (progress.phase === "load") {
      const after: Address | null = progress.loadedThrough;
      // A deferred pool whose exclusion expired before its tokens were read again has none yet: not loaded.
      const batch: PendingPool[] = [...partial.pending.values()]
        .filter((p) => !isExcludedPool(p) && partial!.tokens.has(p.token0) && partial!.tokens.has(p.token1) && (after === null || p.address > after))
        .sort((x, y) => (x.address < y.address ? -1 : 1));
      // As many pools as the budget left allows (estimated requests: Multicall3 requests of 500 calls for V2
      // reserves and V3 prices, plus the tick bitmap lens's calls for the V3 pools' ticks), at most `poolsPerSlice`
      // V3 pools; always one, so a pool larger than a budget still gets read.
      const v3Max = source.poolsPerSlice ?? 50;
      const affordable = budget.remaining() - 3;
      const slice: PendingPool[] = [];
      const v3: TickBitmapPool[] = [];
      let calls = 0;
      for (const p of batch) {
        const isV3 = p.protocol === "uniswap-v3";
        if (slice.length > 0 && isV3 && v3.length >= v3Max) break;
        const nextV3 = isV3 ? [...v3, { address: p.address, tickSpacing: p.tickSpacing }] : v3;
        const nextCalls = calls + (isV3 ? 2 : 1);
        const lensCalls = nextV3.length === 0 ? 0 : estimateTickBitmapCalls(nextV3) + Math.min(4, nextV3.length);
        if (slice.length > 0 && Math.ceil(nextCalls / INDEX_CALLS_PER_REQUEST) + lensCalls > affordable) break;
        slice.push(p);
        calls = nextCalls;
        if (isV3) v3.push(nextV3.at(-1)!);
      }
      if (slice.length > 0) {
        budget.spend(1);
        const head = await client.getBlockNumber({ cacheTime: 0 });
        const requests: PoolStateRequest[] = slice.map((p: PendingPool) => p.protocol === "uniswap-v2"
          ? { protocol: p.protocol, address: p.address }
          : { protocol: p.protocol, address: p.address, tickSpacing: p.tickSpacing, tickWords: "all" });
        const { states } = await readPoolStates({ client, requests, blockNumber: head, callsPerRequest: INDEX_CALLS_PER_REQUEST, budget });
        applyPoolStates(partial, states, { maxV3Ticks: V3_TICKS_PER_POOL_MAX });
        progress = {
          ...progress, loadedThrough: slice.at(-1)!.address, poolsLoaded: progress.poolsLoaded + slice.length,
          readThrough: head > progress.readThrough ? head : progress.readThrough,
        };
      }
      const changes = { pools: slice.map((p) => p.address), tokens: [] };
      if (slice.length === batch.length) {
        // Catch up from a little before the target (recent Swaps give tokens their last trade time).
        const lookback: bigint = progress.targetBlock - (source.tradeLookbackBlocks ?? 0n);
        const from: bigint = lookback > progress.startBlock ? lookback : progress.startBlock;
        partial.block = from - 1n;
        // Its span starts at one block: pool events are far denser than the factory events discovery's span was
        // sized on, and the first answer of a read arrives whole (readIndexLogs grows the span back when answers are small).
        progress = { ...progress, phase: "catchup", catchupFrom: from - 1n, block: from - 1n, span: 1n };
      }
      await save(partial, changes);
    } else {
      const result = await indexChain({ ...source, graph: partial, startBlock: progress.startBlock, span: progress.span, budget, maxLogs: source.maxLogsPerSlice });
      progress = { ...progress, block: partial.block, span: result.span };
      if (partial.block >= progress.readThrough) {
        indexPoolsByToken(partial);
        budget.spend(1);
        const written = await storeReadyGraph({ source, graph: partial, now: now() });
        progress = { ...progress, phase: "ready" };
        await save(null);
        return { progress, graph: partial, slices, advanced: true, ...written, changedPools: new Set() };
      }
      await save(partial, { pools: result.changedPools, tokens: result.changedTokens });
      if (result.toBlock < result.fromBlock) break;
    }
  }
  return { progress, graph: null, slices, advanced: false, routable: null, shardsWritten: 0, changedPools: new Set() };
}

const lower = (value: unknown) => String(value).toLowerCase() as Address;
