import { decodeFunctionResult, encodeFunctionData, type Address, type PublicClient } from "viem";
import type { IndexBudget } from "./indexBudget.js";
import { tickBitmapLensAbi, tickBitmapLensRuntimeCode } from "./tickBitmapLensArtifact.js";
import { MAX_TICK, MIN_TICK } from "../pools/v3/math/constants.js";
import { v3TickWord } from "./v3TickWords.js";

/** Where the lens's code is placed for the call (an address nothing lives at). */
export const TICK_BITMAP_LENS_ADDRESS = "0x5100000000000000000000000000000000000b17" as const;
/**
 * Gas each lens call is given. Within every common node's `eth_call` gas cap (geth's default is 50M) and anvil's
 * default block gas limit (30M).
 */
export const TICK_BITMAP_LENS_GAS = 25_000_000n;
/** Gas the lens keeps for finishing a word: 256 initialized ticks at a `ticks()` call each (about 10k gas). */
const GAS_RESERVE = 3_000_000n;
/** Ticks one answer may hold (about 100 KB of ABI-encoded answer). */
const MAX_TICKS_PER_CALL = 1_024n;
/** Lens calls in flight at once (the pools are split into this many groups, each read in order). */
const PARALLEL_CALLS = 4;
/** Gas of one empty word on a node (a warm call and a cold storage read), for estimates only. */
const GAS_PER_WORD = 3_000;

/** A pool to read, and optionally only the bitmap words `fromWord`..`toWord` (default: every word its spacing can use). */
export type TickBitmapPool = { address: Address; tickSpacing: number; fromWord?: number; toWord?: number };

export type ReadTickBitmapsParameters = {
  client: PublicClient;
  pools: readonly TickBitmapPool[];
  blockNumber: bigint;
  /** Each lens call spends one subrequest of it. */
  budget?: IndexBudget;
  /** Ticks one call may answer (default 1,024; at least 256, a whole word): lower means more, smaller calls. */
  maxTicksPerCall?: bigint;
  /** Lens calls a group of pools may take; past them the read throws (the caller's bound on a pool it cannot size). */
  maxCalls?: number;
};

/** Per pool: every initialized tick (all bitmap words the pool's tick spacing can use) → its liquidityNet. */
export type ReadTickBitmapsReturnType = Map<Address, Map<number, bigint>>;

/**
 * Reads every initialized tick of V3 pools at one block, from current state: the bitmap words of each pool's whole
 * tick range and `ticks()` for every bit set, as Uniswap's TickLens does word by word, but in `eth_call`s of the
 * `TickBitmapLens` (placed with a state override, never deployed) that each read as many words as their gas allows
 * and say where to resume. A 1-spaced pool has about 6,900 words: one call here instead of 14 Multicall3 requests
 * of 500 calls. Throws when a call fails (a pool that cannot be read must not be quoted on a partial tick list).
 */
export async function readTickBitmaps({ client, pools, blockNumber, budget, maxTicksPerCall = MAX_TICKS_PER_CALL, maxCalls = Infinity }: ReadTickBitmapsParameters): Promise<ReadTickBitmapsReturnType> {
  const out: ReadTickBitmapsReturnType = new Map(pools.map((p) => [p.address, new Map()]));
  const groups = splitByWords(pools, PARALLEL_CALLS);
  await Promise.all(groups.map((group) => readGroup({ client, pools: group, blockNumber, budget, maxTicksPerCall, maxCalls }, out)));
  return out;
}

/** About how many lens calls reading these pools takes (for slice planning; the real count depends on their ticks). */
export function estimateTickBitmapCalls(pools: readonly TickBitmapPool[]): number {
  const words = pools.reduce((sum, p) => sum + wordCount(p), 0);
  return Math.ceil((words * GAS_PER_WORD) / Number(TICK_BITMAP_LENS_GAS - GAS_RESERVE));
}

async function readGroup({ client, pools, blockNumber, budget, maxTicksPerCall, maxCalls }: Required<Omit<ReadTickBitmapsParameters, "budget">> & { budget?: IndexBudget },
  out: ReadTickBitmapsReturnType) {
  if (pools.length === 0) return;
  const ranges = pools.map((p) => ({
    pool: p.address, tickSpacing: p.tickSpacing, fromWord: p.fromWord ?? v3TickWord(MIN_TICK, p.tickSpacing), toWord: p.toWord ?? v3TickWord(MAX_TICK, p.tickSpacing),
  }));
  let startRange = 0n;
  let startWord = ranges[0]!.fromWord;
  let calls = 0;
  while (startRange < BigInt(ranges.length)) {
    if (++calls > maxCalls) throw new Error(`tick bitmap lens: pool ${ranges[Number(startRange)]!.pool} needs more than ${maxCalls} calls`);
    budget?.spend(1);
    const data = encodeFunctionData({ abi: tickBitmapLensAbi, functionName: "read", args: [ranges, startRange, startWord, GAS_RESERVE, maxTicksPerCall] });
    const { data: answer } = await client.call({
      to: TICK_BITMAP_LENS_ADDRESS, data, blockNumber, gas: TICK_BITMAP_LENS_GAS,
      stateOverride: [{ address: TICK_BITMAP_LENS_ADDRESS, code: tickBitmapLensRuntimeCode }],
    });
    const [ticks, nextRange, nextWord] = decodeFunctionResult({ abi: tickBitmapLensAbi, functionName: "read", data: answer ?? "0x" });
    for (const t of ticks) out.get(ranges[t.range]!.pool)!.set(t.tick, t.liquidityNet);
    if (nextRange === startRange && nextWord === startWord) {
      throw new Error(`tick bitmap lens made no progress at pool ${ranges[Number(startRange)]!.pool} word ${startWord}: too little gas`);
    }
    startRange = nextRange;
    startWord = nextWord;
  }
}

function wordCount(p: TickBitmapPool): number {
  return (p.toWord ?? v3TickWord(MAX_TICK, p.tickSpacing)) - (p.fromWord ?? v3TickWord(MIN_TICK, p.tickSpacing)) + 1;
}

/** Up to `n` contiguous groups of about equal word counts (order kept, so answers stay deterministic). */
function splitByWords(pools: readonly TickBitmapPool[], n: number): TickBitmapPool[][] {
  const total = pools.reduce((sum, p) => sum + wordCount(p), 0);
  const target = Math.max(1, Math.ceil(total / n));
  const groups: TickBitmapPool[][] = [[]];
  let size = 0;
  for (const p of pools) {
    if (size >= target && groups.length < n) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(p);
    size += wordCount(p);
  }
  return groups;
}
