import type { Address, PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import type { PoolProtocol } from "../pools/types.js";
import { multicall3BlockNumberAbi, v2PairAbi, v3PoolAbi } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { readTickBitmaps } from "./readTickBitmaps.js";
import { v3AllTickWords } from "./v3TickWords.js";

export type PoolStateRequest = {
  protocol: PoolProtocol;
  address: Address;
  /** V3: ticks whose `ticks(tick)` entry to read as well. */
  ticks?: readonly number[];
  /**
   * V3: tick bitmap words to read in full, as Uniswap's TickLens does (`tickBitmap(word)`, then `ticks(t)` for every
   * bit set), or `"all"`: every word the pool's tick spacing can use, read through the tick bitmap lens
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
  /** Bitmap words read in full: every initialized tick in them is in `ticks` (any other known tick there is gone). */
  tickWords?: readonly number[];
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

type Call = { address: Address; abi: typeof v2PairAbi | typeof v3PoolAbi | typeof multicall3BlockNumberAbi; functionName: string; args?: readonly unknown[] };

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
  const [results, lensTicks] = await Promise.all([call(contracts), lensRead]);

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
    const whole = lensTicks?.get(r.address);
    for (const [t, net] of whole ?? []) ticks.set(t, net);
    const list = whole ? v3AllTickWords(r.tickSpacing!) : words.get(r.address);
    for (const word of whole ? [] : list ?? []) {
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

async function multicall(client: PublicClient, calls: Call[], at: bigint | "latest", callsPerRequest = Infinity, budget?: IndexBudget): Promise<unknown[]> {
  const chunks: Call[][] = [];
  for (let from = 0; from < calls.length; from += Math.min(callsPerRequest, calls.length)) chunks.push(calls.slice(from, from + callsPerRequest));
  budget?.spend(chunks.length);
  const answers: unknown[][] = [];
  // At most four requests in flight.
  for (let from = 0; from < chunks.length; from += 4) {
    answers.push(...await Promise.all(chunks.slice(from, from + 4).map((contracts) => client.multicall({
      contracts: contracts as never, allowFailure: false, ...(at === "latest" ? { blockTag: "latest" as const } : { blockNumber: at }), batchSize: 0,
      multicallAddress: MULTICALL3_ADDRESS,
    }) as Promise<unknown[]>)));
  }
  return answers.flat();
}
