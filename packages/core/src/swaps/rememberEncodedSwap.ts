import { keccak256, type Address, type Hex } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { Database } from "../db/createDb.js";
import { encodedSwaps } from "../db/schema/swaps.js";
import { SluiceError } from "../errors/SluiceError.js";
import { newId } from "../ids/newId.js";

export type EncodedSwapRecord = {
  accountId: string;
  apiKeyId: string;
  chain: ChainName;
  executor: Address;
  /** The executor calldata handed to the user; only its keccak256 is stored. */
  data: Hex;
  owner: Address;
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
 * keccak256 of the mined input to it. The same calldata encoded again (same permit, same route) keeps its first row.
 * Postgres unavailable → DEPENDENCY_DOWN (the caller has sent nothing).
 */
export async function rememberEncodedSwap(db: Database, record: EncodedSwapRecord): Promise<void> {
  try {
    await db.insert(encodedSwaps).values({
      id: newId("swp"),
      accountId: record.accountId,
      apiKeyId: record.apiKeyId,
      chain: record.chain,
      executor: record.executor.toLowerCase(),
      calldataHash: keccak256(record.data).toLowerCase(),
      owner: record.owner.toLowerCase(),
      tokenIn: record.tokenIn.toLowerCase(),
      tokenOut: record.tokenOut.toLowerCase(),
      amountIn: String(record.amountIn),
      quotedAmountOut: String(record.quotedAmountOut),
      minAmountOut: String(record.minAmountOut),
      volumeUsd: record.volumeUsd,
      usageEventId: record.usageEventId,
    }).onConflictDoNothing({ target: [encodedSwaps.chain, encodedSwaps.calldataHash] });
  } catch (cause) {
    throw new SluiceError("DEPENDENCY_DOWN", "The encoded swap could not be stored, so it could not be confirmed later; nothing was sent, retry shortly", { cause });
  }
}
