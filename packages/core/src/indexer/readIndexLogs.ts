import type { AbiEvent, Address, Log, PublicClient } from "viem";
import { indexedEvents } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { readBusyBlock } from "./readBusyBlock.js";
import { rpcRefusalText } from "./rpcRefusalText.js";

export type IndexLog = {
  address: Address;
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  /** Unix seconds, when the node includes it in the log (anvil and most current nodes do). */
  blockTimestamp?: number;
};

export type ReadIndexLogsParameters = {
  client: PublicClient;
  fromBlock: bigint;
  toBlock: bigint;
  /** The events asked for (default: every event the indexer uses). */
  events?: readonly AbiEvent[];
  /** Only logs of these contracts (the factories, or the indexed pools); none: every contract (topics only). */
  address?: readonly Address[];
  /** The configured factories: a block too busy to answer whole asks for their creation events only (`readBusyBlock`). */
  factories?: readonly Address[];
  /** Blocks per `eth_getLogs` to start with (the span the previous read ended with); default 2,000. */
  span?: bigint;
  /** The span never grows past this; default 100,000. */
  maxSpan?: bigint;
  /**
   * Results one answer should stay under: an answer above it shrinks the span at once to what the busiest block seen
   * allows (at least by half), one under a quarter of it doubles the span (up to `maxSpan`). Default 2,000 (providers
   * cap answers at 10,000 logs or a few MB).
   */
  targetResults?: number;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  /**
   * A read holds at most this many logs (more only when one block alone holds more: it is kept whole). Reading stops
   * there, at the last block held whole; `reached` then says how far it got, as when the budget runs out. Answers in
   * flight are bounded too: a round sends one range until an answer holds logs, then only as many ranges as the logs
   * per block seen say fit. Default `INDEX_MAX_LOGS_PER_PASS`.
   */
  maxLogs?: number;
  /** Each request spends one subrequest; reading stops when `budget` has no more than `reserve` left. */
  budget: IndexBudget;
  reserve?: number;
};

export type ReadIndexLogsReturnType = {
  logs: IndexLog[];
  /** Every log up to and including this block has been read (`fromBlock - 1` when the budget allowed nothing). */
  reached: bigint;
  /** The span to start the next read with. */
  span: bigint;
  /** Blocks the provider would not answer whole, read one event at a time, and the events it still refused there. */
  skipped: { block: bigint; events: string[] }[];
};

/**
 * What an indexing pass holds at most (`maxLogs`): a busy chain's catch-up after hours, or a cold index's history,
 * would otherwise gather a whole invocation's answers (hundreds of requests of up to thousands of logs each) in an
 * isolate's 128 MB. A log costs about 1 KB while its answer is decoded and 0.3 KB held (`bench/cold-index.ts`), so a
 * pass's logs stay near 10 MB.
 */
export const INDEX_MAX_LOGS_PER_PASS = 10_000;

/**
 * The factory and pool events of `[fromBlock, toBlock]`, in chain order, read in consecutive ranges with at most
 * `concurrency` requests in flight. The range adapts to the provider: a refusal ("too many results", "block range too
 * large", …) halves the span and retries from the first refused range; large answers shrink it, small ones double it
 * again. Reading stops early when the budget runs out or `maxLogs` are held (whole blocks): `reached` says how far it
 * got, so the caller stores it and continues later.
 */
export async function readIndexLogs(params: ReadIndexLogsParameters): Promise<ReadIndexLogsReturnType> {
  const { client, fromBlock, toBlock, budget, events = indexedEvents, address, factories } = params;
  const maxSpan = params.maxSpan ?? 100_000n;
  const target = params.targetResults ?? 2_000;
  const concurrency = params.concurrency ?? 4;
  const reserve = params.reserve ?? 0;
  let span = clamp(params.span ?? 2_000n, 1n, maxSpan);
  let cursor = fromBlock;
  const maxLogs = params.maxLogs ?? INDEX_MAX_LOGS_PER_PASS;
  const logs: IndexLog[] = [];
  /** The most logs one block held in any answer so far. */
  let busiest = 0;
  /** Logs and blocks of the answers so far: their ratio is what a range is expected to hold per block. */
  let seenLogs = 0;
  let seenBlocks = 0;
  const skipped: ReadIndexLogsReturnType["skipped"] = [];
  while (cursor <= toBlock && logs.length < maxLogs) {
    // Answers arrive whole, so a round sends only as many ranges as the logs they are expected to hold leave room
    // for: one a round until an answer holds logs (an empty stretch says nothing of what follows it), then by the
    // logs per block seen.
    const expected = seenLogs === 0 ? Infinity : Math.max(1, (seenLogs / seenBlocks) * Number(span));
    const room = Math.max(1, Math.floor((maxLogs - logs.length) / expected));
    const n = Math.min(concurrency, budget.remaining() - reserve, room);
    if (n <= 0) break;
    const ranges: [bigint, bigint][] = [];
    for (let from = cursor; from <= toBlock && ranges.length < n; from += span) {
      ranges.push([from, from + span - 1n < toBlock ? from + span - 1n : toBlock]);
    }
    budget.spend(ranges.length);
    const answers = await Promise.allSettled(ranges.map(([from, to]) => client.getLogs({
      events: events as AbiEvent[], fromBlock: from, toBlock: to, strict: true,
      ...(address ? { address: address as Address[] } : {}),
    })));
    let largest = 0;
    let refused = false;
    let full = false;
    for (const [i, answer] of answers.entries()) {
      const [from, to] = ranges[i]!;
      let value: readonly Log[];
      if (answer.status === "fulfilled") value = answer.value as readonly Log[];
      else {
        if (!isTooLarge(answer.reason)) throw answer.reason;
        if (from < to) {
          span = clamp((to - from + 1n) / 2n, 1n, maxSpan);
          refused = true;
          break;
        }
        // One block too busy for one answer: its events one at a time (`readBusyBlock`), when the budget has room
        // for them; else the read ends before it (the next pass starts there).
        if (budget.remaining() - reserve < events.length) {
          full = true;
          break;
        }
        const busy = await readBusyBlock({ client, block: from, events, address, factories, budget });
        if (busy.skipped.length > 0) skipped.push({ block: from, events: busy.skipped });
        value = busy.logs;
      }
      largest = Math.max(largest, value.length);
      seenLogs += value.length;
      seenBlocks += Number(to - from + 1n);
      busiest = Math.max(busiest, busiestBlock(value));
      for (const log of value as (Log & { eventName?: string; args?: unknown })[]) {
        if (!log.eventName || log.blockNumber === null) continue;
        const stamp = (log as { blockTimestamp?: bigint | string | number }).blockTimestamp;
        logs.push({
          address: log.address.toLowerCase() as Address,
          eventName: log.eventName,
          args: log.args as Record<string, unknown>,
          blockNumber: log.blockNumber,
          blockTimestamp: stamp === undefined || stamp === null ? undefined : Number(BigInt(stamp)),
        });
      }
      cursor = to + 1n;
      if (logs.length > maxLogs) {
        // Past the bound: keep whole blocks up to it (at least one block, however busy); the rest is read next time.
        cursor = keepWholeBlocks(logs, maxLogs) + 1n;
        full = true;
        break;
      }
    }
    if (refused) continue;
    if (largest > target) {
      // Shrink at once to what the busiest block allows (at least by half), not a halving per round.
      const fits = BigInt(Math.floor(target / Math.max(1, busiest)));
      span = clamp(fits < span / 2n ? fits : span / 2n, 1n, maxSpan);
    } else if (largest * 4 < target) span = clamp(span * 2n, 1n, maxSpan);
    if (full) break;
  }
  return { logs, reached: cursor - 1n, span, skipped };
}

const clamp = (v: bigint, min: bigint, max: bigint) => (v < min ? min : v > max ? max : v);

/** The most logs one block holds in an answer (its logs come in chain order). */
function busiestBlock(logs: readonly { blockNumber: bigint | null }[]): number {
  let most = 0;
  let run = 0;
  let block: bigint | null = null;
  for (const log of logs) {
    run = log.blockNumber === block ? run + 1 : 1;
    block = log.blockNumber;
    if (run > most) most = run;
  }
  return most;
}

/**
 * Cuts `logs` (chain order, over more than `maxLogs`) back to the whole blocks within `maxLogs`, or to its first block
 * when that block alone is larger; answers the last block kept.
 */
function keepWholeBlocks(logs: IndexLog[], maxLogs: number): bigint {
  const over = logs[maxLogs]!.blockNumber;
  let keep = maxLogs;
  while (keep > 0 && logs[keep - 1]!.blockNumber === over) keep--;
  if (keep === 0) {
    // One block holds more than the bound: keep it whole.
    keep = maxLogs;
    while (keep < logs.length && logs[keep]!.blockNumber === over) keep++;
    logs.length = keep;
    return over;
  }
  logs.length = keep;
  return over - 1n;
}

/** A provider's refusal of a range too wide or an answer too large (each provider words it its own way). */
export function isTooLarge(error: unknown): boolean {
  const text = rpcRefusalText(error);
  // A rate limit ("429 Too Many Requests", "request limit exceeded") is not about the range: it fails the read.
  if (/too many requests|rate limit|\b429\b|requests? limit|per second|capacity/i.test(text)) return false;
  return /TooLarge|too large|too many|more than|exceed|block range|range is too|limit/i.test(text);
}
