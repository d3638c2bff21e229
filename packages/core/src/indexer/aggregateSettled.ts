import { concat, decodeFunctionResult, encodeFunctionData, multicall3Abi, numberToHex, type Address, type Hex, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import { isTransportFailure } from "../chains/isTransportFailure.js";
import { logEvent } from "../observability/logEvent.js";
import type { IndexBudget } from "./indexBudget.js";

/**
 * A call's outcome: it returned (`success`), or it failed (the node's verdict on the call itself), or it was never
 * settled (`unsettled`: the request bound was reached first; nothing is known about the contract — a caller must not
 * treat it as a failure, or an attacker's gas burners get honest contracts judged by the bound).
 */
export type SettledCall = { success: true; returnData: Hex } | { success: false; returnData: Hex; unsettled?: true };

export type AggregateSettledParameters = {
  client: PublicClient;
  /** Calls of untrusted contracts (each allowed to fail). */
  calls: readonly { target: Address; callData: Hex }[];
  blockNumber?: bigint;
  /** Each request spends one subrequest of it. */
  budget?: IndexBudget;
  /** Where the line counting calls settled by the bound goes (default `logEvent`). */
  log?: typeof logEvent;
};

/**
 * Requests of one top-level call, re-reads included, sent one at a time. Each call of a gas-burning contract fails
 * its request's probe, so without a bound m burners cost about 2m−1 requests a read (up to ~256 in flight at the
 * leaves), and a few hundred burner pools (a few dollars on an L2) would pass the subrequest budget or the RPC's rate
 * limit: a transport failure, thrown, and the same slice failing every run — the chain's index stalls. Past the bound
 * the calls not yet settled come back `unsettled` (not failed: nothing is known of them) and are counted in one warning.
 * 24 still isolates one burner in a batch of 512 calls (halving: 2 requests a level, 9 levels, +1 or 2): an honest
 * token loses nothing to one burner. What an attacker can still do: delay the honest tokens that share a batch with
 * many burners (their pools stay pending and are read again later: `addTokenMetadata`). Settling them as failed got
 * their pools dropped for good (a pool is discovered once, at its creation). Either is preferred to a stall, which
 * loses every update of the chain. Not a depth bound: halving needs log2(n) levels to isolate even one burner.
 */
export const AGGREGATE_REQUESTS_MAX = 24;

/**
 * Gas of each `eth_call`: within every common node's `eth_call` cap (geth's default is 50M), and bounded on a node
 * that gives a call its whole (large) block gas limit, so a token looping until it runs out costs a bounded time.
 */
export const AGGREGATE_CALL_GAS = 25_000_000n;

/**
 * The gas probe ending each call: a MODEXP precompile call (address 5) of 256-byte base and modulus and a 32-byte
 * all-ones exponent, which costs at least 87,040 gas on every fork (EIP-2565; more since EIP-7883) and succeeds only
 * when given that much. When it succeeds, every call before it had at least that much gas too (gas only decreases
 * through a call): a failure among them is the token's own. Real `symbol()` / `decimals()` need a few thousand.
 */
const GAS_PROBE = {
  target: "0x0000000000000000000000000000000000000005" as Address,
  callData: concat([numberToHex(256, { size: 32 }), numberToHex(32, { size: 32 }), numberToHex(256, { size: 32 }), `0x${"01".repeat(256)}`, `0x${"ff".repeat(32)}`, `0x${"ff".repeat(256)}`]),
};

/**
 * Multicall3's `aggregate3` over calls of contracts anyone can deploy, with each call's outcome settled for certain:
 * - a request that fails (no answer, a timeout, an HTTP error, anything but the node's verdict on the execution)
 *   throws, so no call is judged on it (viem's `multicall` with `allowFailure` turns it into a failure of every call);
 * - a call that fails because another took the gas (aggregate3 gives each call all but 1/64 of what is left, so a
 *   contract burning it starves every call after it) is read again: when the gas probe at the end fails, the failed
 *   calls are read again without the others, in halves when all of them failed, until each failed call failed with
 *   the probe's gas left, or alone;
 * - an `eth_call` the node executed and failed as a whole (out of gas copying a huge answer, say) is split in halves,
 *   down to the one call that makes it fail, which fails.
 * A call's success means only that it returned: its answer is the caller's to decode. The re-reading is bounded
 * (`AGGREGATE_REQUESTS_MAX`; one request in flight at a time): calls not settled within it come back `unsettled`,
 * counted in one warning line.
 */
export async function aggregateSettled(p: AggregateSettledParameters): Promise<SettledCall[]> {
  const bound: Bound = { left: AGGREGATE_REQUESTS_MAX, settled: 0 };
  const answer = await settle(p, bound);
  if (bound.settled > 0) {
    (p.log ?? logEvent)("warn", "calls left unsettled: request bound reached (gas-burning contracts in the batch)", {
      calls: p.calls.length, unsettled: bound.settled, maxRequests: AGGREGATE_REQUESTS_MAX,
    });
  }
  return answer;
}

/** Requests left to a top-level call, and how many calls it left unsettled for want of them. */
type Bound = { left: number; settled: number };

async function settle(p: AggregateSettledParameters, bound: Bound): Promise<SettledCall[]> {
  if (p.calls.length === 0) return [];
  if (bound.left <= 0) {
    bound.settled += p.calls.length;
    return p.calls.map(() => ({ success: false, returnData: "0x", unsettled: true }));
  }
  bound.left--;
  let answer: SettledCall[];
  try {
    answer = await aggregate(p);
  } catch (error) {
    if (!isExecutionFailure(error)) throw error;
    if (p.calls.length === 1) return [{ success: false, returnData: "0x" }];
    return splitInHalves(p, bound);
  }
  const probe = answer.pop()!;
  const failed = answer.flatMap((a, i) => (a.success ? [] : [i]));
  if (probe.success || failed.length === 0 || p.calls.length === 1) return answer;
  const again = failed.length === p.calls.length
    ? await splitInHalves(p, bound)
    : await settle({ ...p, calls: failed.map((i) => p.calls[i]!) }, bound);
  if (failed.length === p.calls.length) return again;
  failed.forEach((i, j) => (answer[i] = again[j]!));
  return answer;
}

/** One half after the other: the leaves of a split never pile up in flight. */
async function splitInHalves(p: AggregateSettledParameters, bound: Bound): Promise<SettledCall[]> {
  const middle = Math.ceil(p.calls.length / 2);
  const a = await settle({ ...p, calls: p.calls.slice(0, middle) }, bound);
  const b = await settle({ ...p, calls: p.calls.slice(middle) }, bound);
  return [...a, ...b];
}

async function aggregate({ client, calls, blockNumber, budget }: AggregateSettledParameters): Promise<SettledCall[]> {
  budget?.spend(1);
  const data = encodeFunctionData({
    abi: multicall3Abi, functionName: "aggregate3",
    args: [[...calls, GAS_PROBE].map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))],
  });
  const { data: answer } = await client.call({ to: MULTICALL3_ADDRESS, data, blockNumber, gas: AGGREGATE_CALL_GAS });
  // Multicall3 is at its address on every chain served; an empty answer is the node's or the configuration's fault.
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: answer ?? "0x" });
  return results.map((r): SettledCall => (r.success ? { success: true, returnData: r.returnData } : { success: false, returnData: r.returnData }));
}

/**
 * Whether an `eth_call` failed in its execution (the node ran it and it reverted or ran out of gas), as opposed to
 * the request failing (transport, rate limits, a node error): only the first says something about the calls in it.
 */
export function isExecutionFailure(error: unknown): boolean {
  if (isTransportFailure(error)) return false;
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { name = "", message = "", details = "" } = e as { name?: string; message?: string; details?: string };
    if (/ExecutionRevertedError|ContractFunctionRevertedError/.test(name)) return true;
    if (/RpcRequestError|InternalRpcError|InvalidInputRpcError|UnknownRpcError/.test(name) && /out of gas|revert|invalid opcode|stack (under|over)flow|invalid jump|OutOfGas|OutOfOffset|MemoryOOG|memory/i.test(`${details} ${message}`)) return true;
  }
  return false;
}
