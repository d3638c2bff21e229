import { encodeFunctionData } from "viem";
import { contractBuilds } from "../contracts/artifacts.js";
import type { PlannedTransaction } from "../rpc/transactionBatcher.js";
import type { ResolvedChain } from "../scenario/resolvedTypes.js";

/** What a fee-on-transfer token burns of every transfer once switched on: 1%. */
export const devnetTransferFeeBps = 100;
/** A rebasing token's index after its rebase (+10%, and an odd last digit so share arithmetic rounds). */
export const devnetRebasedIndex = 1_100_000_000_000_000_007n;
/** A honeypot's `HoneypotToken.Mode` for each honeypot behaviour. */
const honeypotModes = { "sell-blocking": 1, "sell-tax": 2, "live-sell-blocking": 3 } as const;

/**
 * The deployer's transactions (it is every token's minter after launch) that switch the non-standard tokens on once
 * their pools are seeded and traded: the fee starts, the pausable token pauses, the rebasing token rebases (so its
 * pools' balances no longer match their recorded reserves, as on mainnet), a honeypot starts refusing or taxing sales.
 */
export function planOddBehaviours(chain: ResolvedChain): PlannedTransaction[] {
  const builds = contractBuilds();
  const plan: PlannedTransaction[] = [];
  for (const token of chain.tokens) {
    const label = `make ${token.symbol} ${token.behaviour}`;
    if (token.behaviour === "fee-on-transfer") {
      plan.push({ label, gas: 100_000n, to: token.address,
        data: encodeFunctionData({ abi: builds.feeOnTransferToken.abi, functionName: "setFeeBps", args: [devnetTransferFeeBps] }) });
    } else if (token.behaviour === "transfer-blocking") {
      plan.push({ label, gas: 100_000n, to: token.address,
        data: encodeFunctionData({ abi: builds.pausableToken.abi, functionName: "setPaused", args: [true] }) });
    } else if (token.behaviour === "rebasing") {
      plan.push({ label, gas: 100_000n, to: token.address,
        data: encodeFunctionData({ abi: builds.rebasingToken.abi, functionName: "rebase", args: [devnetRebasedIndex] }) });
    } else if (token.behaviour === "sell-blocking" || token.behaviour === "sell-tax" || token.behaviour === "live-sell-blocking") {
      const mode = honeypotModes[token.behaviour];
      plan.push({ label, gas: 100_000n, to: token.address,
        data: encodeFunctionData({ abi: builds.honeypotToken.abi, functionName: "setMode", args: [mode] }) });
    }
  }
  return plan;
}
