/**
 * The approvals of the input token Across asks for, in the shapes its API produces (across-protocol/frontend
 * `api/swap/approval/_service.ts` and `getApprovalTxns` in `api/swap/_utils.ts`): none when the allowance suffices,
 * else one `approve(spender, amount)` — Across approves the maximum (`MaxUint256`, "@TODO: Allow for just enough
 * approval amount"); exactly the deposit's input is accepted too — preceded, for USDT with a non-zero allowance, by
 * `approve(spender, 0)`. Any other amount (less than needed, a multiple of it), any other count is refused. Targets,
 * tokens and spenders are checked by `checkTransactionTargets`.
 *
 * Sluice never hands Across' approvals to the partner: `exactApprovals` builds its own, of exactly the input amount.
 */
import { decodeFunctionData, erc20Abi, maxUint256, type Hex } from "viem";
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

function approveAmount(data: string): bigint | undefined {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data: data as Hex });
    return decoded.functionName === "approve" ? decoded.args[1] : undefined;
  } catch {
    return undefined;
  }
}

export function checkApprovals({ request, quote, deposit }: QuoteValidationContext): string[] {
  const approvals = quote.approvalTxns ?? [];
  if (approvals.length === 0) return [];
  const amounts = approvals.map((a) => approveAmount(a.data));
  if (amounts.some((a) => a === undefined)) return []; // not an approve at all: refused by checkTransactionTargets
  const problems: string[] = [];
  const reset = approvals.length === 2 && amounts[0] === 0n && request.inputToken.symbol === "USDT" && BigInt(quote.checks.allowance.actual) > 0n;
  if (approvals.length > 2 || (approvals.length === 2 && !reset)) {
    problems.push(`the quote asks for ${approvals.length} approvals; one is enough (two only to reset a USDT allowance to 0 first)`);
  }
  const last = amounts[amounts.length - 1]!;
  if (last !== deposit.inputAmount && last !== maxUint256) {
    problems.push(`the approval is for ${last} base units, neither the deposit's ${deposit.inputAmount} nor Across' unlimited approval`);
  }
  return problems;
}
