/**
 * The approvals Sluice hands the partner, built by Sluice rather than copied from Across (which approves the maximum):
 * none when the depositor's allowance to the deposit's spender already covers the input, else exactly one
 * `approve(spender, inputAmount)` — preceded by `approve(spender, 0)` for USDT with a non-zero allowance (USDT refuses
 * to change a non-zero allowance to another non-zero one). The allowance is read on the origin chain.
 */
import { encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from "viem";

export type ApprovalTx = { chainId: number; to: Address; data: Hex };

export async function exactApprovals(client: PublicClient, params: {
  chainId: number; token: { address: Address; symbol: string }; owner: Address; spender: Address; amount: bigint;
}): Promise<{ allowance: bigint; approvals: ApprovalTx[] }> {
  const { chainId, token, owner, spender, amount } = params;
  const allowance = await client.readContract({ address: token.address, abi: erc20Abi, functionName: "allowance", args: [owner, spender] });
  if (allowance >= amount) return { allowance, approvals: [] };
  const approve = (value: bigint): ApprovalTx =>
    ({ chainId, to: token.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, value] }) });
  return { allowance, approvals: [...(token.symbol === "USDT" && allowance > 0n ? [approve(0n)] : []), approve(amount)] };
}
