/**
 * An honest /bridge/quote answer as Sluice returns it for a base → arbitrum USDC exact-input request: one
 * `approve(SpokePool, input)` of the input token, and the deposit Across builds — a SpokePool `deposit` with the
 * depositor, Across' MulticallHandler as recipient (paying Sluice's 10 bps fee, then the rest to the recipient), the
 * integrator suffix — at the chain's current time, so the devnet's SpokePool takes it.
 */
import { concat, encodeAbiParameters, encodeFunctionData, erc20Abi, pad, parseAbi, zeroAddress, type Address, type Hex } from "viem";
import { ACROSS_MULTICALL_HANDLER, chains, findBridgeToken, spokePoolDepositAbi } from "@sluice/core";

const instructions = [{ type: "tuple", components: [
  { type: "tuple[]", name: "calls", components: [{ type: "address", name: "target" }, { type: "bytes", name: "callData" }, { type: "uint256", name: "value" }] },
  { type: "address", name: "fallbackRecipient" },
] }] as const;
const drainAbi = parseAbi(["function drainLeftoverTokens(address token, address destination)"]);
const FEE_RECIPIENT: Address = "0x7777777777777777777777777777777777777777";

export function honestBridgeQuote(p: { depositor: Address; inputAmount: bigint; chainTime: number }) {
  const input = findBridgeToken(8453, "USDC")!;
  const output = findBridgeToken(42161, "USDC")!;
  const outputAmount = p.inputAmount - p.inputAmount / 1000n;
  const fee = outputAmount / 1000n;
  const message = encodeAbiParameters(instructions, [{
    calls: [
      { target: output.address, callData: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [FEE_RECIPIENT, fee] }), value: 0n },
      { target: ACROSS_MULTICALL_HANDLER, callData: encodeFunctionData({ abi: drainAbi, functionName: "drainLeftoverTokens", args: [output.address, p.depositor] }), value: 0n },
    ],
    fallbackRecipient: zeroAddress,
  }]);
  const deposit = encodeFunctionData({
    abi: spokePoolDepositAbi, functionName: "deposit",
    args: [pad(p.depositor), pad(ACROSS_MULTICALL_HANDLER), pad(input.address), pad(output.address), p.inputAmount, outputAmount, 42161n,
      pad("0x00", { size: 32 }), p.chainTime - 10, p.chainTime + 7200, 0, message],
  });
  const spokePool = chains.base.spokePool;
  const token = (t: typeof input) => ({ chainId: t.chainId, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals });
  const amount = (value: bigint) => ({ amount: value.toString(), token: token(output) });
  return {
    id: "00000000-0000-4000-8000-000000000001",
    approvalTxns: [{ chainId: 8453, to: input.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spokePool, p.inputAmount] }) }],
    swapTx: { chainId: 8453, to: spokePool, data: concat([deposit, "0x1dc0de5c1e73c0de"]) as Hex, value: "0", simulationSuccess: true },
    inputToken: token(input), outputToken: token(output),
    inputAmount: p.inputAmount.toString(), expectedOutputAmount: (outputAmount - fee).toString(), minOutputAmount: (outputAmount - fee).toString(),
    recipient: p.depositor, refundAddress: p.depositor, refundOnOrigin: true, expectedFillTime: 2, quoteExpiryTimestamp: Math.floor(Date.now() / 1000) + 600,
    fees: { app: { ...amount(fee), bps: 10, recipient: FEE_RECIPIENT }, bridgeTotal: amount(p.inputAmount - outputAmount), lp: amount(0n), relayer: amount(0n), destinationGas: amount(0n) },
    checks: {
      allowance: { token: input.address, spender: spokePool, balance: "0", expected: p.inputAmount.toString() },
      balance: { token: input.address, balance: "0", expected: p.inputAmount.toString() },
    },
  };
}
