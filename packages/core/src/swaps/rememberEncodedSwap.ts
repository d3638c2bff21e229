import { and, eq } from "drizzle-orm";
import { keccak256, type Address, type Hex } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { Database } from "../db/createDb.js";
import { encodedSwaps } from "../db/schema/swaps.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";
import { permitOwnedElsewhere } from "../permit/claimPermitOwnership.js";

export type EncodedSwapRecord = {
  accountId: string;
  apiKeyId: string;
  chain: ChainName;
  executor: Address;
  /** The executor calldata handed to the user; only its keccak256 is stored. */
  data: Hex;
  owner: Address;
  /** The signed permit's nonce: named in the refusal when another account encoded the same calldata first. */
  permitNonce: bigint;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  quotedAmountOut: bigint;
  minAmountOut: bigint;
  /** Exact decimal string. */
  volumeUsd: string;
  /** The dry-run solve event recorded for it, flipped to executed by /confirm. */
  usageEventId: string;
};

/**
 * Remembers calldata the user may submit themselves (encode-only and dry-run solves) so /confirm can match
 * keccak256 of the mined input to it. The same calldata encoded again (same permit, same route) keeps its first row,
 * and the answer is that row's usage event id: the caller records the solve event under it, so a retried solve is
 * one event, never two. A row another account encoded first is refused as the permit's claim is (the same calldata is
 * the same signed permit, which serves one account): Redis holds that claim, and should it be lost (a failover, an
 * eviction) the row is what still says whose the swap is — answering its event would have this account's `/confirm`
 * find the other's swap and the volume credited there. Postgres unavailable → DEPENDENCY_DOWN (the caller has sent
 * and recorded nothing).
 */
export async function rememberEncodedSwap(db: Database, record: EncodedSwapRecord): Promise<string> {
  const existing = await storeEncodedSwap(db, record);
  if (existing.accountId !== record.accountId) throw permitOwnedElsewhere(record.owner, record.permitNonce);
  return existing.usageEventId ?? record.usageEventId;
}

/** Inserts the row unless the calldata has one; answers the row that holds it (the new one, else the existing one). */
async function storeEncodedSwap(db: Database, record: EncodedSwapRecord): Promise<{ accountId: string; usageEventId: string | null }> {
  const calldataHash = keccak256(record.data).toLowerCase();
  try {
    const inserted = await db.insert(encodedSwaps).values({
      id: newId("swp"),
      accountId: record.accountId,
      apiKeyId: record.apiKeyId,
      chain: record.chain,
      executor: record.executor.toLowerCase(),
      calldataHash,
      owner: record.owner.toLowerCase(),
      tokenIn: record.tokenIn.toLowerCase(),
      tokenOut: record.tokenOut.toLowerCase(),
      amountIn: String(record.amountIn),
      quotedAmountOut: String(record.quotedAmountOut),
      minAmountOut: String(record.minAmountOut),
      volumeUsd: record.volumeUsd,
      usageEventId: record.usageEventId,
    }).onConflictDoNothing({ target: [encodedSwaps.chain, encodedSwaps.calldataHash] })
      .returning({ accountId: encodedSwaps.accountId, usageEventId: encodedSwaps.usageEventId });
    if (inserted[0]) return inserted[0];
    const [existing] = await db.select({ accountId: encodedSwaps.accountId, usageEventId: encodedSwaps.usageEventId }).from(encodedSwaps)
      .where(and(eq(encodedSwaps.chain, record.chain), eq(encodedSwaps.calldataHash, calldataHash))).limit(1);
    if (!existing) throw new Error("the encoded swap's row vanished between insert and read");
    return existing;
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "The encoded swap could not be stored, so it could not be confirmed later; nothing was sent, retry shortly", { cause });
  }
}
