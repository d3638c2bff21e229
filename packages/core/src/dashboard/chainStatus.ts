import { formatEther, isAddressEqual, type Address } from "viem";
import type { ChainName } from "../chains/chains.js";
import { chainSettings } from "../chains/chainSettings.js";
import type { RequestChain } from "../http/createRequestChain.js";
import { redisGraphStore } from "../indexer/graphStore.js";
import type { Redis } from "../redis/createRedis.js";
import { readRelayerBalances } from "../relayer/readRelayerBalances.js";

export type ChainStatus = {
  chain: ChainName;
  /** The chain's head, or null when its RPC did not answer. */
  headBlock: bigint | null;
  /** The block the stored pool graph is indexed through, or null when none is stored. */
  indexedBlock: bigint | null;
  /** Blocks the index is behind the head (null when either is unknown). */
  lagBlocks: bigint | null;
  /** The least a relayer must hold to stay in rotation (native units). */
  minBalanceEther: string;
  /**
   * Each relayer's native balance now (null when it could not be read), and whether the swap worker's last balance
   * check took it out of rotation (below the minimum; null when it was never checked).
   */
  relayers: { address: Address; balanceWei: bigint | null; balanceEther: string | null; outOfRotation: boolean | null }[];
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
  const [headBlock, indexedBlock, balances, checks] = await Promise.all([
    withTimeout(chain.client.getBlockNumber({ cacheTime: 0 })),
    withTimeout(redisGraphStore(redis).readBlock(chain.name)),
    Promise.all(chain.deployment.relayers.map((address) => withTimeout(chain.client.getBalance({ address })))),
    withTimeout(readRelayerBalances(redis, chain.id)),
  ]);
  return {
    chain: chain.name,
    headBlock,
    indexedBlock,
    lagBlocks: headBlock !== null && indexedBlock !== null ? (headBlock > indexedBlock ? headBlock - indexedBlock : 0n) : null,
    minBalanceEther: formatEther(chainSettings(chain.name, chain.deployment).minRelayerBalanceWei),
    relayers: chain.deployment.relayers.map((address, i) => {
      const balanceWei = balances[i] ?? null;
      const check = checks?.find((r) => isAddressEqual(r.relayer, address));
      return { address, balanceWei, balanceEther: balanceWei === null ? null : formatEther(balanceWei), outOfRotation: check ? check.low : null };
    }),
    ...(headBlock === null ? { error: "the chain's RPC did not answer" } : {}),
  };
}
