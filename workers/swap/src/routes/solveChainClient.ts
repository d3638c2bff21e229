import { createChainClient, type ChainDeployment, type ChainName } from "@sluice/core";
import type { PublicClient } from "viem";

const clients = new Map<string, PublicClient>();

/** One read client per chain and RPC URL per isolate (viem clients keep no per-request state). */
export function solveChainClient(chain: ChainName, deployment: ChainDeployment): PublicClient {
  const key = `${chain}:${deployment.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createChainClient({ chain, deployment });
    clients.set(key, client);
  }
  return client;
}
