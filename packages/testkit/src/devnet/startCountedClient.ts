import { createOperationCounter, startRpcCountingProxy, type OperationCounter } from "@sluice/stack";
import { createPublicClient, http, type Chain, type PublicClient } from "viem";

export type CountedClient = {
  /** A client whose every call goes through the counting proxy. */
  client: PublicClient;
  counter: OperationCounter;
  /** RPC calls counted so far (every member of a batch), by method in `counter.snapshot().rpc.byName`. */
  calls: () => number;
  close: () => Promise<void>;
};

/** A viem client of `rpcUrl` behind the stack's JSON-RPC counting proxy, so a test counts the calls code makes. */
export async function startCountedClient(rpcUrl: string, chain?: Chain): Promise<CountedClient> {
  const counter = createOperationCounter();
  const proxy = await startRpcCountingProxy({ target: rpcUrl, counter });
  const client = createPublicClient({ chain, transport: http(proxy.url) }) as PublicClient;
  return { client, counter, calls: () => counter.snapshot().rpc?.total ?? 0, close: proxy.close };
}
