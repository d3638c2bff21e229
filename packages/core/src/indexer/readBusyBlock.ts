import type { AbiEvent, Address, Log, PublicClient } from "viem";
import { isFactoryEvent } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { rpcRefusalText } from "./rpcRefusalText.js";

export type ReadBusyBlockParameters = {
  client: PublicClient;
  block: bigint;
  events: readonly AbiEvent[];
  /** The address filter of the read (none: topics only). */
  address?: readonly Address[];
  /** The configured factories: a topics-only read asks for the creation events of these only. */
  factories?: readonly Address[];
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
 * flood is confined to its event. An event still refused alone is skipped for this block and named; the creation
 * events are asked of the configured factories only (anyone can emit their topic, but a real creation costs far too
 * much gas to fill a block), and never skipped. A pool whose `Sync` or `Swap` is
 * skipped keeps its earlier state until its next event — a quote re-reads its pools at the head anyway, and `/solve`
 * simulates — which is better than a chain that stops. Spends one subrequest per event.
 */
export async function readBusyBlock({ client, block, events, address, factories, budget }: ReadBusyBlockParameters): Promise<ReadBusyBlockReturnType> {
  budget.spend(events.length);
  // A creation counts only from a configured factory: asked of them alone, anyone's logs with the same topic (as cheap
  // as a junk `Sync`) cannot fill the answer.
  const filterOf = (event: AbiEvent) => address ?? (isFactoryEvent(event.name) && factories && factories.length > 0 ? factories : undefined);
  const answers = await Promise.allSettled(events.map((event) => {
    const filter = filterOf(event);
    return client.getLogs({ event, fromBlock: block, toBlock: block, strict: true, ...(filter ? { address: filter as Address[] } : {}) });
  }));
  const logs: Log[] = [];
  const skipped: string[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer.status === "fulfilled") logs.push(...(answer.value as Log[]));
    else if (isResultCap(answer.reason) && !isFactoryEvent(events[i]!.name)) skipped.push(events[i]!.name);
    else throw answer.reason;
  }
  logs.sort((a, b) => (a.logIndex ?? 0) - (b.logIndex ?? 0));
  return { logs, skipped };
}

/**
 * A refusal because the answer would hold too many logs (each provider words it its own way) — not a timeout or a rate
 * limit, which fail the pass to be tried again rather than skip the block's event for good.
 */
function isResultCap(error: unknown): boolean {
  const text = rpcRefusalText(error);
  if (/timeout|timed out|rate limit|too many requests|\b429\b/i.test(text)) return false;
  return /more than \d+ (results|logs)|too many (results|logs)|response size|size exceeded|logs? (limit|response)|results? (limit|exceed)/i.test(text);
}
