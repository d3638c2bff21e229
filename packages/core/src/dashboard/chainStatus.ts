import { formatEther, type Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { RequestChain } from "../http/createRequestChain.js";
import { redisGraphStore } from "../indexer/graphStore.js";
import type { Redis } from "../redis/createRedis.js";

export type ChainStatus = {
  chain: ChainName;
  /** The chain's head, or null when its RPC did not answer. */
  headBlock: bigint | null;
  /** The block the stored pool graph is indexed through, or null when none is stored. */
  indexedBlock: bigint | null;
  /** Blocks the index is behind the head (null when either is unknown). */
  lagBlocks: bigint | null;
  /** Each relayer's native balance in wei, or null when it could not be read. */
  relayers: { address: Address; balanceWei: bigint | null; balanceEther: string | null }[];
  error?: string;
};

const TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>): Promise<T | null> {
  return Promise.race([work.catch(() => null), new Promise<null>((resolve) => setTimeout(() => resolve(null), TIMEOUT_MS))]);
}

/**
 * What the operator pages show of each served chain: index progress (stored graph block against the head) and the
 * relayers' balances. Every read is bounded and a failure shows as unknown, never as an error of the page.
 */
export async function readChainStatus(chain: RequestChain, redis: Redis): Promise<ChainStatus> {
  const [headBlock, indexedBlock, balances] = await Promise.all([
    withTimeout(chain.client.getBlockNumber({ cacheTime: 0 })),
    withTimeout(redisGraphStore(redis).readBlock(chain.name)),
    Promise.all(chain.deployment.relayers.map((address) => withTimeout(chain.client.getBalance({ address })))),
  ]);
  return {
    chain: chain.name,
    headBlock,
    indexedBlock,
    lagBlocks: headBlock !== null && indexedBlock !== null ? (headBlock > indexedBlock ? headBlock - indexedBlock : 0n) : null,
    relayers: chain.deployment.relayers.map((address, i) => {
      const balanceWei = balances[i] ?? null;
      return { address, balanceWei, balanceEther: balanceWei === null ? null : formatEther(balanceWei) };
    }),
    ...(headBlock === null ? { error: "the chain's RPC did not answer" } : {}),
  };
}
