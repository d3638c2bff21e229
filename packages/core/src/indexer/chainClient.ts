import type { PublicClient } from "viem";
import type { ChainDeployment } from "../chains/chainConfig.js";
import type { ChainName } from "../chains/chains.js";
import { createChainClient } from "../chains/createChainClient.js";

/**
 * The chain's read client for one request (or one indexing run). Deliberately not shared across requests: a Worker
 * must not await I/O another request started, and viem dedupes and batches concurrent reads of one client (block
 * number, multicall batching) — a shared client would hand one request's RPC answer to another. Building one costs
 * microseconds.
 */
export function chainClient(chain: ChainName, deployment: ChainDeployment): PublicClient {
  return createChainClient({ chain, deployment });
}
