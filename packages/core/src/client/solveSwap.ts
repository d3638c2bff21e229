import type { Address, Hex } from "viem";
import { callSluice } from "./callSluice.js";
import type { SluiceConnection, SolveAnswer, SolvePermit, SolveWitness, SwapRequest } from "./clientTypes.js";

export type SolveSwapParameters = SwapRequest & {
  user: Address;
  permit: SolvePermit;
  signature: Hex;
  /** The signed witness of /route's permit; absent for a plain permit. */
  witness?: SolveWitness;
  dryRun?: boolean;
  slippageBps?: number;
};

/**
 * `POST /api/v1/solve`. A gasless swap answers `ok: true` with `transaction.txHash`; a dry run without it; below the
 * gasless minimum `ok: false`, `code: "SWAP_TOO_SMALL"` with the encode-only `transaction` to submit yourself.
 */
export function solveSwap(connection: SluiceConnection, params: SolveSwapParameters): Promise<SolveAnswer & { status: number }> {
  return callSluice<SolveAnswer>(connection, "/api/v1/solve", params);
}
