import type { Address, PublicClient } from "viem";
import { acquireSpendLock, type ReleaseSpendLock, type SpendLockFence } from "../permit/acquireSpendLock.js";
import type { PermitChainState } from "../permit/permitTypes.js";
import { readPendingSpend } from "../permit/readPendingSpend.js";
import { readPermitChainState } from "../permit/readPermitChainState.js";
import type { Redis } from "../redis/createRedis.js";

export type LockSpendAndReadStateParameters = {
  redis: Redis;
  client: PublicClient;
  chainId: number;
  owner: Address;
  /** The permit's token (the permit must name the input token; `verifyPermit` refuses it otherwise). */
  token: Address;
  nonce: bigint;
  /** Stops waiting for the lock (the solve turned out not to need it). */
  signal?: AbortSignal;
};

export type LockSpendAndReadStateReturnType = {
  release: ReleaseSpendLock;
  /** The lock's identity, checked and extended by the send's claims (`claimPermitForSend`). */
  fence: SpendLockFence;
  /** Input this owner's solves still in flight have committed (`readPendingSpend`). */
  pendingSpend: bigint;
  /** The permit's chain state, read after the pending spend; its failure surfaces where `verifyPermit` awaits it. */
  state: Promise<PermitChainState>;
};

/**
 * A gasless solve's reads under the owner's spend lock, in the order the lock protects: the lock (`acquireSpendLock`),
 * then what the owner's earlier solves committed and has not been mined (`readPendingSpend`), then the permit's chain
 * state (nonce bitmap, balance, Permit2 allowance, chain time). The lock and the pending-spend record come in one Redis
 * round trip (the script that takes the lock reads the record); the record's transactions are then looked up on chain
 * before the chain state is read. None of it depends on the re-quote, so a solve runs it while it re-quotes. Releases
 * the lock when a read fails.
 */
export async function lockSpendAndReadState(p: LockSpendAndReadStateParameters): Promise<LockSpendAndReadStateReturnType> {
  const { release, fence, pendingEntries } = await acquireSpendLock(p.redis, { chainId: p.chainId, owner: p.owner, token: p.token, signal: p.signal });
  try {
    const pendingSpend = await readPendingSpend(p.redis, {
      chainId: p.chainId, owner: p.owner, token: p.token, client: p.client, entries: pendingEntries,
    });
    const state = readPermitChainState(p.client, { owner: p.owner, token: p.token, nonce: p.nonce });
    state.catch(() => { /* awaited by verifyPermit */ });
    return { release, fence, pendingSpend, state };
  } catch (error) {
    await release();
    throw error;
  }
}
