import type { AbiEvent, Address, PublicClient } from "viem";
import { indexedEvents } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";

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
  /** Blocks per `eth_getLogs` to start with (the span the previous read ended with); default 2,000. */
  span?: bigint;
  /** The span never grows past this; default 100,000. */
  maxSpan?: bigint;
  /**
   * Results one answer should stay under: an answer above it halves the span, one under a quarter of it doubles the
   * span (up to `maxSpan`). Default 2,000 (providers cap answers at 10,000 logs or a few MB).
   */
  targetResults?: number;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  /**
   * Reading starts no further range once this many logs are held (the answers in flight are kept whole, so it may end
   * a little past it); `reached` then says how far it got, as when the budget runs out. Default
   * `INDEX_MAX_LOGS_PER_PASS`.
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
};

/**
 * What an indexing pass holds at most (`maxLogs`): a busy chain's catch-up after hours, or a cold index's history,
 * would otherwise gather a whole invocation's answers (hundreds of requests of up to thousands of logs each) in an
 * isolate's 128 MB.
 */
export const INDEX_MAX_LOGS_PER_PASS = 25_000;

/**
 * The factory and pool events of `[fromBlock, toBlock]`, in chain order, read in consecutive ranges with at most
 * `concurrency` requests in flight. The range adapts to the provider: a refusal ("too many results", "block range too
 * large", …) halves the span and retries from the first refused range; small answers double it again. Reading stops
 * early when the budget runs out or `maxLogs` are held: `reached` says how far it got, so the caller stores it and
 * continues later.
 */
export async function readIndexLogs(params: ReadIndexLogsParameters): Promise<ReadIndexLogsReturnType> {
  const { client, fromBlock, toBlock, budget, events = indexedEvents, address } = params;
  const maxSpan = params.maxSpan ?? 100_000n;
  const target = params.targetResults ?? 2_000;
  const concurrency = params.concurrency ?? 4;
  const reserve = params.reserve ?? 0;
  let span = clamp(params.span ?? 2_000n, 1n, maxSpan);
  let cursor = fromBlock;
  const maxLogs = params.maxLogs ?? INDEX_MAX_LOGS_PER_PASS;
  const logs: IndexLog[] = [];
  while (cursor <= toBlock && logs.length < maxLogs) {
    const n = Math.min(concurrency, budget.remaining() - reserve);
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
    for (const [i, answer] of answers.entries()) {
      const [from, to] = ranges[i]!;
      if (answer.status === "rejected") {
        if (!isTooLarge(answer.reason) || from === to) throw answer.reason;
        span = clamp((to - from + 1n) / 2n, 1n, maxSpan);
        refused = true;
        break;
      }
      largest = Math.max(largest, answer.value.length);
      for (const log of answer.value) {
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
    }
    if (refused) continue;
    if (largest > target) span = clamp(span / 2n, 1n, maxSpan);
    else if (largest * 4 < target) span = clamp(span * 2n, 1n, maxSpan);
  }
  return { logs, reached: cursor - 1n, span };
}

const clamp = (v: bigint, min: bigint, max: bigint) => (v < min ? min : v > max ? max : v);

/** A provider's refusal of a range too wide or an answer too large (each provider words it its own way). */
export function isTooLarge(error: unknown): boolean {
  const parts: string[] = [];
  for (let e = error as { name?: string; message?: string; details?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    parts.push(e.name ?? "", e.message ?? "", e.details ?? "");
  }
  const text = parts.join(" ");
  // A rate limit ("429 Too Many Requests", "request limit exceeded") is not about the range: it fails the read.
  if (/too many requests|rate limit|\b429\b|requests? limit|per second|capacity/i.test(text)) return false;
  return /TooLarge|too large|too many|more than|exceed|block range|range is too|limit/i.test(text);
}
