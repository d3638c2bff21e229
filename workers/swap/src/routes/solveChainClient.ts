import { createChainClient, type ChainDeployment, type ChainName } from "@sluice/core";
import type { PublicClient } from "viem";

/**
 * A read client for this request only. Workers must not share I/O across requests, and a viem client shared by
 * concurrent requests would (its request dedupe, caches and Multicall3 batching hand one request's fetch to another),
 * so each request builds its own; it is cheap.
 */
export function solveChainClient(chain: ChainName, deployment: ChainDeployment): PublicClient {
  return createChainClient({ chain, deployment });
}
