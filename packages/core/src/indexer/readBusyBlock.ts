import type { AbiEvent, Address, Log, PublicClient } from "viem";
import type { IndexBudget } from "./indexBudget.js";
import { isTooLarge } from "./readIndexLogs.js";

export type ReadBusyBlockParameters = {
  client: PublicClient;
  block: bigint;
  events: readonly AbiEvent[];
  /** The address filter of the read (none: topics only). */
  address?: readonly Address[];
  budget: IndexBudget;
};

export type ReadBusyBlockReturnType = {
  /** The block's logs of every event answered, in chain order (log index). */
  logs: Log[];
  /** The events whose logs the provider would not answer even alone (their logs in this block are not read). */
  skipped: string[];
};

/**
 * Why: a provider that caps an answer's logs (10,000 is common) refuses a block holding more, and a block cannot be
 * split by range. On a chain whose pools are too many for an address filter the pass reads by topics only, so anyone
 * can fill one block with cheap `Sync` or `Swap` logs from their own contracts (about 1,500 gas a log) and the pass
 * would fail on that block every run, stopping the chain's index. So the block is read one event at a time: the
 * flood is confined to its event. An event still refused alone is skipped for this block and named; nothing the
 * factories emit can be, as their creations cost far too much gas to fill a block. A pool whose `Sync` or `Swap` is
 * skipped keeps its earlier state until its next event — a quote re-reads its pools at the head anyway, and `/solve`
 * simulates — which is better than a chain that stops. Spends one subrequest per event.
 */
export async function readBusyBlock({ client, block, events, address, budget }: ReadBusyBlockParameters): Promise<ReadBusyBlockReturnType> {
  budget.spend(events.length);
  const answers = await Promise.allSettled(events.map((event) => client.getLogs({
    event, fromBlock: block, toBlock: block, strict: true, ...(address ? { address: address as Address[] } : {}),
  })));
  const logs: Log[] = [];
  const skipped: string[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer.status === "fulfilled") logs.push(...(answer.value as Log[]));
    else if (isTooLarge(answer.reason) && !/Created$/.test(events[i]!.name)) skipped.push(events[i]!.name);
    else throw answer.reason;
  }
  logs.sort((a, b) => (a.logIndex ?? 0) - (b.logIndex ?? 0));
  return { logs, skipped };
}
