import { encodeFunctionData, type Address, type Hex } from "viem";
import { contractBuilds } from "../contracts/artifacts.js";
import type { PlannedTransaction } from "../rpc/transactionBatcher.js";

/** Calls per packed transaction: large enough to cut receipts and blocks, small enough to name a failure's culprits. */
export const seederCallsPerTransaction = 50;

/**
 * Packs consecutive value-less calls to the seeder into `DevnetSeeder.multicall` transactions, keeping the order.
 * Other transactions (deployments, calls with value) pass through unchanged.
 */
export function packSeederCalls(transactions: readonly PlannedTransaction[], seeder: Address): PlannedTransaction[] {
  const abi = contractBuilds().devnetSeeder.abi;
  const packed: PlannedTransaction[] = [];
  let pending: PlannedTransaction[] = [];
  const flush = () => {
    if (pending.length === 1) packed.push(pending[0]!);
    else if (pending.length > 1) {
      const calls = pending.map((tx) => tx.data) as Hex[];
      packed.push({
        to: seeder,
        data: encodeFunctionData({ abi, functionName: "multicall", args: [calls] }),
        gas: pending.reduce((sum, tx) => sum + tx.gas, 0n),
        label: `${pending.length} seeder calls, from "${pending[0]!.label}" to "${pending.at(-1)!.label}"`,
      });
    }
    pending = [];
  };
  for (const tx of transactions) {
    const packable = tx.to?.toLowerCase() === seeder.toLowerCase() && (tx.value ?? 0n) === 0n;
    if (!packable) {
      flush();
      packed.push(tx);
      continue;
    }
    pending.push(tx);
    if (pending.length === seederCallsPerTransaction) flush();
  }
  flush();
  return packed;
}
