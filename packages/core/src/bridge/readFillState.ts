/**
 * What a destination SpokePool shows of one relay at the chain's confirmation depth: its fill status
 * (`fillStatuses(relayHash)`) and the block's clock, read together in one Multicall3 call at the block the
 * confirmation depth puts under the head. State there is what a reorganisation can no longer undo (the confirmation
 * depth's promise, as for a swap's `/confirm`): a fill only in the blocks above it is not shown yet.
 */
import { parseAbi, type Address, type Hash, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";

/** The SpokePool's `FillStatus`: Unfilled, RequestedSlowFill, Filled. */
export const FILL_STATUS_FILLED = 2n;

const fillStatusesAbi = parseAbi(["function fillStatuses(bytes32) view returns (uint256)"]);
const blockTimestampAbi = parseAbi(["function getCurrentBlockTimestamp() view returns (uint256)"]);

export type ReadFillStateParameters = {
  client: PublicClient;
  chainId: number;
  spokePool: Address;
  relayHash: Hash;
  /** Blocks, the fill's own included, that must be on top of a fill before it counts (the chain's setting). */
  confirmations: number;
};

/** Undefined while the chain is not yet as deep as its confirmation depth (nothing on it counts yet). */
export type ReadFillStateReturnType = { fillStatus: bigint; timestamp: bigint; blockNumber: bigint } | undefined;

export async function readFillState({ client, chainId, spokePool, relayHash, confirmations }: ReadFillStateParameters): Promise<ReadFillStateReturnType> {
  try {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const depth = BigInt(Math.max(confirmations, 1));
    if (head + 1n < depth) return undefined;
    const blockNumber = head - depth + 1n;
    const [fillStatus, timestamp] = await client.multicall({
      allowFailure: false, blockNumber, multicallAddress: MULTICALL3_ADDRESS,
      contracts: [
        { address: spokePool, abi: fillStatusesAbi, functionName: "fillStatuses", args: [relayHash] },
        { address: MULTICALL3_ADDRESS, abi: blockTimestampAbi, functionName: "getCurrentBlockTimestamp" },
      ],
    });
    return { fillStatus, timestamp, blockNumber };
  } catch (error) {
    throw new SluiceError("DEPENDENCY_DOWN", `The chain ${chainId} RPC did not answer; retry shortly`, { cause: error });
  }
}
