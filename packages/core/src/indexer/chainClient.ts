import type { PublicClient } from "viem";
import type { ChainDeployment } from "../chains/chainConfig.js";
import type { ChainName } from "../chains/chains.js";
import { createChainClient } from "../chains/createChainClient.js";

const clients = new Map<string, PublicClient>();

/**
 * The chain's read client, one per chain and RPC URL per isolate (viem clients hold no per-request state, so reusing
 * one across requests is safe and keeps client construction off the quote path).
 */
export function chainClient(chain: ChainName, deployment: ChainDeployment): PublicClient {
  const key = `${chain}:${deployment.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createChainClient({ chain, deployment });
    clients.set(key, client);
  }
  return client;
}
