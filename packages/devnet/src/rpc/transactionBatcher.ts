import { toHex, type Address, type Hex } from "viem";
import type { JsonRpc } from "./jsonRpc.js";

export type PlannedTransaction = {
  to?: Address;
  data: Hex;
  value?: bigint;
  gas: bigint;
  /** Shown when the transaction fails, e.g. `create V2 pool USDC/WETH`. */
  label: string;
};

type Receipt = { status: Hex; transactionHash: Hex; contractAddress: Address | null; blockNumber: Hex };

/**
 * Sends many transactions from one unlocked account with automine off, then mines them into as few blocks as fit.
 * Nonces are assigned here, in order, so the same plan always gives the same contract addresses. Every receipt is
 * checked: a failed seeding transaction stops the devnet with its label rather than leaving a half-seeded chain.
 */
export type TransactionBatcher = {
  /** Sends and mines the transactions, up to 20 per block; `timestamp` pins the first block's time (the next ones +1 s each). */
  run(transactions: PlannedTransaction[], options?: { timestamp?: number }): Promise<Receipt[]>;
  nextNonce(): number;
};

const maxFeePerGas = 100_000_000_000n; // 100 gwei: far above the devnet's base fee, so nothing waits in the pool
/**
 * anvil builds a block's receipts in time that grows faster than the block's logs, so `eth_getBlockReceipts` on one
 * huge block is the slowest step of a large seed; with 50 pool set-ups per packed transaction, 20 transactions per
 * block (about 1,000 pools) measured fastest for a 10,000-pool graph.
 */
const transactionsPerBlock = 20;

export function transactionBatcher(rpc: JsonRpc, from: Address, firstNonce: number): TransactionBatcher {
  let nonce = firstNonce;
  return {
    nextNonce: () => nonce,
    async run(transactions, options = {}) {
      const receipts: Receipt[] = [];
      for (let start = 0; start < transactions.length; start += transactionsPerBlock) {
        const chunk = transactions.slice(start, start + transactionsPerBlock);
        const t0 = performance.now();
        const hashes = await rpc.batch<Hex>(
          chunk.map((tx) => ({
            method: "eth_sendTransaction",
            params: [{
              from,
              to: tx.to,
              data: tx.data,
              value: toHex(tx.value ?? 0n),
              gas: toHex(tx.gas),
              nonce: toHex(nonce++),
              maxFeePerGas: toHex(maxFeePerGas),
              maxPriorityFeePerGas: "0x0",
            }],
          })),
        );
        if (options.timestamp !== undefined) {
          await rpc.call("evm_setNextBlockTimestamp", [toHex(options.timestamp + start / transactionsPerBlock)]);
        }
        const t1 = performance.now();
        await rpc.call("evm_mine", []);
        const t2 = performance.now();
        const blockReceipts = await rpc.call<Receipt[]>("eth_getBlockReceipts", ["latest"]);
        const byHash = new Map(blockReceipts.map((r) => [r.transactionHash, r]));
        chunk.forEach((tx, i) => {
          const receipt = byHash.get(hashes[i]!);
          if (!receipt) throw new Error(`seeding transaction "${tx.label}" was not mined (${hashes[i]})`);
          if (receipt.status !== "0x1") throw new Error(`seeding transaction "${tx.label}" reverted (${hashes[i]})`);
          receipts.push(receipt);
        });
        if (process.env.SLUICE_DEVNET_TRACE) {
          console.log(`block of ${chunk.length}: send ${(t1 - t0).toFixed(0)} ms, mine ${(t2 - t1).toFixed(0)} ms, receipts ${(performance.now() - t2).toFixed(0)} ms`);
        }
      }
      return receipts;
    },
  };
}
