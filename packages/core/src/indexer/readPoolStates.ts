import type { Address, PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import type { PoolProtocol } from "../pools/types.js";
import { multicall3BlockNumberAbi, v2PairAbi, v3PoolAbi } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { readTickBitmaps, TICK_BITMAP_LENS_ADDRESS } from "./readTickBitmaps.js";
import { tickBitmapLensAbi, tickBitmapLensRuntimeCode } from "./tickBitmapLensArtifact.js";
import { v3AllTickWords } from "./v3TickWords.js";

export type PoolStateRequest = {
  protocol: PoolProtocol;
  address: Address;
  /** V3: ticks whose `ticks(tick)` entry to read as well. */
  ticks?: readonly number[];
  /**
   * V3: tick bitmap words to read in full, as Uniswap's TickLens does (`tickBitmap(word)`, then `ticks(t)` for every
   * bit set; at `"latest"`, the words from the lowest to the highest given, through the tick bitmap lens in the same
   * call), or `"all"`: every word the pool's tick spacing can use, read through the tick bitmap lens
   * (`readTickBitmaps`: whole word ranges per `eth_call`). Needs `tickSpacing`.
   */
  tickWords?: readonly number[] | "all";
  tickSpacing?: number;
};

export type V2State = { protocol: "uniswap-v2"; reserve0: bigint; reserve1: bigint };
export type V3State = {
  protocol: "uniswap-v3";
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  /** The requested ticks and the initialized ticks of the words read: liquidityNet when initialized, null when not. */
  ticks: Map<number, bigint | null>;
  /**
   * Bitmap words read in full: every initialized tick in them is in `ticks` (any other known tick there is gone). At
   * `"latest"`, absent when the lens ran out of room before the pool's words (too many initialized ticks in one call).
   */
  tickWords?: readonly number[];
  /** Every initialized tick in this tick range (inclusive) is in `ticks` (a windowed read; see `recentreBands`). */
  completeRange?: readonly [number, number];
};
export type PoolState = V2State | V3State;

export type ReadPoolStatesParameters = {
  client: PublicClient;
  requests: readonly PoolStateRequest[];
  /**
   * The block to read at, or `"latest"`: the node's latest block, told by Multicall3 in the same call (one round trip
   * for the state and its block; `/solve`'s re-quote does not read the head first). At `"latest"` everything is read
   * in one request (`callsPerRequest` does not apply) and whole tick bitmaps (`tickWords: "all"`) are not read.
   */
  blockNumber: bigint | "latest";
  /**
   * Calls per Multicall3 request; default: everything in one request (the quote-time refresh does, so a quote costs
   * one round trip). The indexer reads in chunks.
   */
  callsPerRequest?: number;
  /** Each Multicall3 request spends one subrequest of it. */
  budget?: IndexBudget;
};

/** The states, by pool, and the block they were read at. */
export type ReadPoolStatesReturnType = { block: bigint; states: Map<Address, PoolState> };

type Call = {
  address: Address;
  abi: typeof v2PairAbi | typeof v3PoolAbi | typeof multicall3BlockNumberAbi | typeof tickBitmapLensAbi;
  functionName: string;
  args?: readonly unknown[];
};

/** At `"latest"`: ticks the lens may answer in the state's call (its answer's memory grows with it). */
const NEAR_TICKS_MAX = 2_048n;
/** At `"latest"`: gas the lens keeps before each word for finishing it (256 initialized ticks at about 10k gas). */
const NEAR_TICKS_GAS_RESERVE = 3_000_000n;
type LensRange = { pool: Address; tickSpacing: number; fromWord: number; toWord: number };
type LensTick = { range: number; tick: number; liquidityNet: bigint };

/**
 * Reads pool state through Multicall3 at one block, so every pool is seen at the same instant: V2 `getReserves`;
 * V3 `slot0`, `liquidity`, the requested `ticks`, and — for requested bitmap words — the words and then the ticks
 * their set bits name (a second round at the same block); for `"all"`, the lens reads at the same block. Throws if
 * any read fails (a pool that cannot be read must not be quoted on stale state).
 */
export async function readPoolStates({ client, requests, blockNumber, callsPerRequest, budget }: ReadPoolStatesParameters): Promise<ReadPoolStatesReturnType> {
  const atLatest = blockNumber === "latest";
  let block = atLatest ? undefined : blockNumber;
  const call = (calls: Call[]) => multicall(client, calls, block ?? "latest", atLatest ? Infinity : callsPerRequest, budget);
  // At "latest", Multicall3's block number leads the call: every later round reads at that block.
  const contracts: Call[] = atLatest ? [{ address: MULTICALL3_ADDRESS, abi: multicall3BlockNumberAbi, functionName: "getBlockNumber" }] : [];
  const words = new Map<Address, number[]>();
  /** At `"latest"`: the requested words of each pool, read by the lens inside the same Multicall3 call. */
  const near: LensRange[] = [];
  const everyWord = requests.filter((r) => r.protocol === "uniswap-v3" && r.tickWords === "all");
  for (const r of everyWord) if (!r.tickSpacing) throw new Error(`pool ${r.address}: reading tick words needs its tick spacing`);
  if (atLatest && everyWord.length > 0) throw new Error("reading whole tick bitmaps needs a block number");
  for (const r of requests) {
    if (r.protocol === "uniswap-v2") {
      contracts.push({ address: r.address, abi: v2PairAbi, functionName: "getReserves" });
      continue;
    }
    contracts.push({ address: r.address, abi: v3PoolAbi, functionName: "slot0" }, { address: r.address, abi: v3PoolAbi, functionName: "liquidity" });
    for (const tick of r.ticks ?? []) contracts.push({ address: r.address, abi: v3PoolAbi, functionName: "ticks", args: [tick] });
    if (r.tickWords && r.tickWords !== "all") {
      if (!r.tickSpacing) throw new Error(`pool ${r.address}: reading tick words needs its tick spacing`);
      if (atLatest && r.tickWords.length > 0) {
        near.push({ pool: r.address, tickSpacing: r.tickSpacing, fromWord: Math.min(...r.tickWords), toWord: Math.max(...r.tickWords) });
        continue;
      }
      const list = [...new Set(r.tickWords)];
      words.set(r.address, list);
      for (const word of list) contracts.push({ address: r.address, abi: v3PoolAbi, functionName: "tickBitmap", args: [word] });
    }
  }
  if (requests.length === 0) return { block: block ?? await client.getBlockNumber({ cacheTime: 0 }), states: new Map() };
  // Both reads are at the same block; the lens's runs beside the Multicall3 ones.
  const lensRead = everyWord.length === 0 || block === undefined ? undefined : readTickBitmaps({
    client, blockNumber: block, budget, pools: everyWord.map((r) => ({ address: r.address, tickSpacing: r.tickSpacing! })),
  });
  if (near.length > 0) {
    contracts.push({
      address: TICK_BITMAP_LENS_ADDRESS, abi: tickBitmapLensAbi, functionName: "read",
      args: [near, 0n, near[0]!.fromWord, NEAR_TICKS_GAS_RESERVE, NEAR_TICKS_MAX],
    });
  }
  const [results, lensTicks] = await Promise.all([near.length > 0 ? multicall(client, contracts, "latest", Infinity, budget, true) : call(contracts), lensRead]);
  // The lens's answer is the call's last: the pools it read in full, and their initialized ticks.
  const nearRead = new Map<Address, { words: number[]; ticks: Map<number, bigint> }>();
  if (near.length > 0) {
    const [found, nextRange] = results.at(-1) as readonly [readonly LensTick[], bigint, number];
    near.forEach((range, r) => {
      if (BigInt(r) >= nextRange) return;
      const list: number[] = [];
      for (let w = range.fromWord; w <= range.toWord; w++) list.push(w);
      nearRead.set(range.pool, { words: list, ticks: new Map() });
    });
    for (const t of found) nearRead.get(near[t.range]!.pool)?.ticks.set(t.tick, t.liquidityNet);
  }

  const states = new Map<Address, PoolState>();
  const populated: { request: PoolStateRequest; tick: number }[] = [];
  let i = 0;
  if (block === undefined) block = results[i++] as bigint;
  for (const r of requests) {
    if (r.protocol === "uniswap-v2") {
      const [reserve0, reserve1] = results[i++] as [bigint, bigint, number];
      states.set(r.address, { protocol: "uniswap-v2", reserve0, reserve1 });
      continue;
    }
    const [sqrtPriceX96, tick] = results[i++] as [bigint, number];
    const liquidity = results[i++] as bigint;
    const ticks = new Map<number, bigint | null>();
    for (const t of r.ticks ?? []) ticks.set(t, initializedNet(results[i++]));
    const whole = lensTicks?.get(r.address) ?? nearRead.get(r.address)?.ticks;
    for (const [t, net] of whole ?? []) ticks.set(t, net);
    const list = nearRead.get(r.address)?.words ?? (whole ? v3AllTickWords(r.tickSpacing!) : words.get(r.address));
    for (const word of whole || (atLatest && r.tickWords) ? [] : list ?? []) {
      const bitmap = results[i++] as bigint;
      for (let bit = 0; bit < 256; bit++) {
        if ((bitmap >> BigInt(bit)) & 1n) populated.push({ request: r, tick: ((word << 8) + bit) * r.tickSpacing! });
      }
    }
    states.set(r.address, { protocol: "uniswap-v3", sqrtPriceX96, tick, liquidity, ticks, ...(list ? { tickWords: list } : {}) });
  }
  if (populated.length > 0) {
    const tickResults = await call(populated.map(({ request, tick }) => ({ address: request.address, abi: v3PoolAbi, functionName: "ticks", args: [tick] })));
    populated.forEach(({ request, tick }, j) => (states.get(request.address) as V3State).ticks.set(tick, initializedNet(tickResults[j])));
  }
  return { block, states };
}

function initializedNet(result: unknown): bigint | null {
  const info = result as readonly [bigint, bigint, bigint, bigint, bigint, bigint, number, boolean];
  return info[7] ? info[1] : null;
}

async function multicall(client: PublicClient, calls: Call[], at: bigint | "latest", callsPerRequest = Infinity, budget?: IndexBudget, withLens = false): Promise<unknown[]> {
  const chunks: Call[][] = [];
  for (let from = 0; from < calls.length; from += Math.min(callsPerRequest, calls.length)) chunks.push(calls.slice(from, from + callsPerRequest));
  budget?.spend(chunks.length);
  const answers: unknown[][] = [];
  // At most four requests in flight.
  for (let from = 0; from < chunks.length; from += 4) {
    answers.push(...await Promise.all(chunks.slice(from, from + 4).map((contracts) => client.multicall({
      contracts: contracts as never, allowFailure: false, ...(at === "latest" ? { blockTag: "latest" as const } : { blockNumber: at }), batchSize: 0,
      multicallAddress: MULTICALL3_ADDRESS,
      // The tick bitmap lens is never deployed: its code is placed for the call.
      ...(withLens ? { stateOverride: [{ address: TICK_BITMAP_LENS_ADDRESS, code: tickBitmapLensRuntimeCode }] } : {}),
    }) as Promise<unknown[]>)));
  }
  return answers.flat();
}
