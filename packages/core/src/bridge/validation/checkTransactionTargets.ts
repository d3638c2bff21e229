/**
 * The transactions the wallet will send: the deposit goes to an allow-listed Across contract of the origin chain
 * whose deposits Sluice can verify, carries no native value (the curated set is ERC20 only), and every approval is a
 * plain `approve(spender, amount)` on the input token, to that same contract, on the origin chain.
 */
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
import type { AcrossSwapApproval } from "../across/acrossSchemas.js";
import { findAcrossContract } from "../acrossContractAllowList.js";
import type { BridgeQuoteRequest } from "./quoteValidationTypes.js";

export function checkTransactionTargets(request: BridgeQuoteRequest, quote: AcrossSwapApproval): string[] {
  const problems: string[] = [];
  const { swapTx } = quote;
  if (swapTx.chainId !== request.originChainId) problems.push(`the deposit transaction is for chain ${swapTx.chainId}, not the origin chain ${request.originChainId}`);
  const target = findAcrossContract(request.originChainId, swapTx.to);
  if (!target) problems.push(`the deposit transaction targets ${swapTx.to}, which is not a canonical Across contract on chain ${request.originChainId}`);
  else if (!target.verifiableDeposits) problems.push(`the deposit transaction targets Across' ${target.name}, whose calls Sluice cannot verify`);
  if (BigInt(swapTx.value ?? "0") !== 0n) problems.push("the deposit transaction sends native coin along with an ERC20 deposit");

  for (const [index, approval] of (quote.approvalTxns ?? []).entries()) {
    const label = `approval ${index + 1}`;
    if (approval.chainId !== request.originChainId) problems.push(`${label} is for chain ${approval.chainId}, not the origin chain`);
    if (approval.to.toLowerCase() !== request.inputToken.address.toLowerCase()) problems.push(`${label} is sent to ${approval.to}, not to the input token`);
    const spender = approveSpender(approval.data as Hex);
    if (!spender) problems.push(`${label} is not a plain ERC20 approve(spender, amount)`);
    else if (spender.toLowerCase() !== swapTx.to.toLowerCase() || !findAcrossContract(request.originChainId, spender)) {
      problems.push(`${label} lets ${spender} spend the input token, which is not the Across contract being called`);
    }
  }
  return problems;
}

/** The spender of an exactly-encoded `approve(address,uint256)` call, or undefined for anything else. */
function approveSpender(data: Hex) {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data });
    if (decoded.functionName !== "approve") return undefined;
    if (encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: decoded.args }).toLowerCase() !== data.toLowerCase()) return undefined;
    return getAddress(decoded.args[0]);
  } catch {
    return undefined;
  }
}
