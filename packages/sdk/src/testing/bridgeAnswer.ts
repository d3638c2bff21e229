/**
 * An honest /bridge/quote answer as Sluice returns it for a base → arbitrum USDC exact-input request: one
 * `approve(SpokePool, input)` of the input token, and the deposit Across builds — a SpokePool `deposit` with the
 * depositor, Across' MulticallHandler as recipient (paying Sluice's 10 bps fee, then the rest to the recipient), the
 * integrator suffix — at the chain's current time, so the devnet's SpokePool takes it. `amount` makes it the answer
 * to an exactOutput request of that amount (Across' shape: output = amount + 10 bps, the fee transfer, `transfer(recipient,
 * amount)`, the drain of the rest to the depositor). `terms` changes the deposit, every figure of the quote
 * following it (a hostile answer consistent with itself).
 */
import { concat, encodeFunctionData, erc20Abi, pad, zeroAddress, type Address, type Hex } from "viem";
import { acrossHandlerCalls, ACROSS_MULTICALL_HANDLER, chains, encodeMulticallInstructions, findBridgeToken, spokePoolDepositAbi } from "@sluice/core";

const FEE_RECIPIENT: Address = "0x7777777777777777777777777777777777777777";

export type BridgeTerms = {
  outputAmount?: bigint; fee?: bigint; feeTo?: Address; disclosedFeeRecipient?: Address; payTo?: Address;
  exclusiveRelayer?: Address; exclusivityParameter?: number; fallbackRecipient?: Address;
  /** Seconds from the chain's time to the fill deadline (default 7,200). */
  fillWindow?: number;
};

export function honestBridgeQuote(p: { depositor: Address; inputAmount: bigint; chainTime: number; amount?: bigint; terms?: BridgeTerms }) {
  const input = findBridgeToken(8453, "USDC")!;
  const output = findBridgeToken(42161, "USDC")!;
  const t = p.terms ?? {};
  const outputAmount = t.outputAmount ?? (p.amount !== undefined ? p.amount + p.amount / 1000n : p.inputAmount - p.inputAmount / 1000n);
  const fee = t.fee ?? (p.amount ?? outputAmount) / 1000n;
  const payTo = t.payTo ?? p.depositor;
  // Across' own calls (core's `acrossHandlerCalls`, the server's fixtures' shape), paying `payTo` instead of the recipient.
  const calls = acrossHandlerCalls({
    tradeType: p.amount !== undefined ? "exactOutput" : "exactInput", handler: ACROSS_MULTICALL_HANDLER, outputToken: output.address,
    recipient: payTo, depositor: p.depositor, appFee: fee, appFeeRecipient: t.feeTo ?? FEE_RECIPIENT, amount: p.amount ?? 0n,
  });
  const message = encodeMulticallInstructions(calls, t.fallbackRecipient ?? zeroAddress);
  const delivered = p.amount ?? outputAmount - fee;
  const deposit = encodeFunctionData({
    abi: spokePoolDepositAbi, functionName: "deposit",
    args: [pad(p.depositor), pad(ACROSS_MULTICALL_HANDLER), pad(input.address), pad(output.address), p.inputAmount, outputAmount, 42161n,
      pad(t.exclusiveRelayer ?? "0x00", { size: 32 }), p.chainTime - 10, p.chainTime + (t.fillWindow ?? 7200), t.exclusivityParameter ?? 0, message],
  });
  const spokePool = chains.base.spokePool;
  const token = (t: typeof input) => ({ chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals });
  const amount = (value: bigint) => ({ amount: value.toString(), token: token(output) });
  return {
    id: "00000000-0000-4000-8000-000000000001",
    approvalTxns: [{ chainId: 8453, to: input.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spokePool, p.inputAmount] }) }],
    swapTx: { chainId: 8453, to: spokePool, data: concat([deposit, "0x1dc0de5c1e73c0de"]) as Hex, value: "0", simulationSuccess: true },
    inputToken: token(input), outputToken: token(output),
    inputAmount: p.inputAmount.toString(), expectedOutputAmount: delivered.toString(), minOutputAmount: delivered.toString(),
    recipient: p.depositor, refundAddress: p.depositor, refundOnOrigin: true, expectedFillTime: 2, quoteExpiryTimestamp: Math.floor(Date.now() / 1000) + 600,
    fees: { app: { ...amount(fee), bps: 10, recipient: t.disclosedFeeRecipient ?? t.feeTo ?? FEE_RECIPIENT }, bridgeTotal: amount(p.inputAmount - outputAmount), lp: amount(0n), relayer: amount(0n), destinationGas: amount(0n) },
    checks: {
      allowance: { token: input.address, spender: spokePool, balance: "0", expected: p.inputAmount.toString() },
      balance: { token: input.address, balance: "0", expected: p.inputAmount.toString() },
    },
  };
}
