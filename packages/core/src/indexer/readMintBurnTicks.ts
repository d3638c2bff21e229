import type { Address, PublicClient } from "viem";
import { readPoolStates, type PoolState } from "./readPoolStates.js";

/** What a Mint or Burn log says: its pool and the two ticks it changed. */
export type MintBurnLog = { address: Address; blockNumber?: bigint | null; args: { tickLower?: number; tickUpper?: number } };

export type ReadMintBurnTicksParameters = {
  client: PublicClient;
  /** Mint and Burn logs of V3 pools (`v3MintBurnEvents`) since the pools' ticks were read. */
  logs: readonly MintBurnLog[];
  blockNumber: bigint;
};

/**
 * The pools' state with the ticks the logs name re-read at `blockNumber` (one Multicall3 call; none without logs): a
 * Mint or Burn changes a pool's ticks only at its own two bounds. The states carry those ticks only; `applyPoolStates`
 * merges them into what the graph holds.
 */
export async function readMintBurnTicks({ client, logs, blockNumber }: ReadMintBurnTicksParameters): Promise<Map<Address, PoolState>> {
  if (logs.length === 0) return new Map();
  const ticks = new Map<Address, Set<number>>();
  for (const log of logs) {
    const address = log.address.toLowerCase() as Address;
    const set = ticks.get(address) ?? new Set<number>();
    set.add(Number(log.args.tickLower)).add(Number(log.args.tickUpper));
    ticks.set(address, set);
  }
  const { states } = await readPoolStates({
    client, blockNumber, requests: [...ticks].map(([address, set]) => ({ protocol: "uniswap-v3" as const, address, ticks: [...set] })),
  });
  return states;
}
