import type { Address, PublicClient } from "viem";
import { indexedEvents } from "./abis.js";

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
  /** Largest block range per `eth_getLogs` request (providers cap it). */
  blocksPerRequest?: bigint;
};

/**
 * Every factory and pool event the indexer uses in `[fromBlock, toBlock]`, in chain order, from one log filter on
 * the events' topics (no address filter: pools are recognised by the caller, so new pools need no second pass).
 */
/**
 * One range's logs; a range whose answer is too large (the node or the client refuses it) is halved until it fits.
 */
async function getLogsSplitting(client: PublicClient, from: bigint, to: bigint): Promise<Awaited<ReturnType<typeof fetchLogs>>> {
  try {
    return await fetchLogs(client, from, to);
  } catch (error) {
    if (from >= to || !isTooLarge(error)) throw error;
    const middle = from + (to - from) / 2n;
    const [left, right] = await Promise.all([getLogsSplitting(client, from, middle), getLogsSplitting(client, middle + 1n, to)]);
    return [...left, ...right];
  }
}

function fetchLogs(client: PublicClient, fromBlock: bigint, toBlock: bigint) {
  return client.getLogs({ events: indexedEvents, fromBlock, toBlock, strict: true });
}

function isTooLarge(error: unknown): boolean {
  const text = `${(error as Error)?.name ?? ""} ${(error as Error)?.message ?? ""}`;
  return /TooLarge|too large|too many|exceed|limit|range/i.test(text);
}

export async function readIndexLogs({ client, fromBlock, toBlock, blocksPerRequest = 2_000n }: ReadIndexLogsParameters): Promise<IndexLog[]> {
  const ranges: [bigint, bigint][] = [];
  for (let from = fromBlock; from <= toBlock; from += blocksPerRequest) {
    ranges.push([from, from + blocksPerRequest - 1n < toBlock ? from + blocksPerRequest - 1n : toBlock]);
  }
  const chunks = await Promise.all(ranges.map(([from, to]) => getLogsSplitting(client, from, to)));
  const logs: IndexLog[] = [];
  for (const chunk of chunks) {
    for (const log of chunk) {
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
  }
  return logs;
}
