/**
 * The deposit's own terms against the request. The SpokePool checks neither `depositor == msg.sender` nor the
 * destination chain, so Sluice does: the depositor (who is refunded on the origin chain if the deposit expires) is
 * the user, the destination chain, tokens and amounts are the ones asked for, the quote's figures are the
 * deposit's, and the deposit can still be filled; neither party is the zero address, the deposit carries Sluice's
 * integrator id, and the allowance check names the spender the deposit needs (approvals: `checkApprovals`).
 * A minOutput deposit may deliver up to 1 ppm + 1 base unit less than asked: Across marks the amount up by the fee
 * rate, then takes the fee of the marked-up output (`getCrossSwapQuotesForOutputB2B`), which rounds against the user.
 */
import type { QuoteValidationContext } from "./quoteValidationTypes.js";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const ZERO = /^0x0{40}$/i;

export function checkDepositTerms({ request, quote, deposit, appFee, nowSeconds, integratorId }: QuoteValidationContext): string[] {
  const problems: string[] = [];
  if (ZERO.test(request.depositor) || ZERO.test(request.recipient) || ZERO.test(deposit.depositor)) {
    problems.push("the depositor and the recipient must not be the zero address");
  }
  if (deposit.integratorId?.toLowerCase() !== integratorId.toLowerCase()) {
    problems.push(`the deposit carries integrator id ${deposit.integratorId ?? "none"}, not Sluice's ${integratorId}`);
  }
  if (!same(quote.checks.allowance.spender, quote.swapTx.to)) {
    problems.push(`the allowance check names spender ${quote.checks.allowance.spender}, not the contract the deposit calls`);
  }
  if (!same(deposit.depositor, request.depositor)) {
    problems.push(`the deposit's depositor (who is refunded on the origin chain) is ${deposit.depositor}, not the user ${request.depositor}`);
  }
  if (deposit.destinationChainId !== BigInt(request.destinationChainId)) {
    problems.push(`the deposit goes to chain ${deposit.destinationChainId}, not ${request.destinationChainId}`);
  }
  if (!same(deposit.inputToken, request.inputToken.address)) problems.push(`the deposit's input token is ${deposit.inputToken}, not ${request.inputToken.symbol}`);
  if (!same(deposit.outputToken, request.outputToken.address)) problems.push(`the deposit's output token is ${deposit.outputToken}, not ${request.outputToken.symbol}`);

  const delivered = deposit.outputAmount - appFee;
  if (request.tradeType === "exactInput" && deposit.inputAmount !== request.amount) {
    problems.push(`the deposit takes ${deposit.inputAmount} base units, not the requested ${request.amount}`);
  }
  const shortfallAllowed = request.tradeType === "minOutput" ? request.amount / 1_000_000n + 1n : 0n;
  if (request.tradeType !== "exactInput" && delivered + shortfallAllowed < request.amount) {
    problems.push(`the deposit delivers ${delivered} base units, less than the requested ${request.amount}`);
  }
  if (BigInt(quote.inputAmount) !== deposit.inputAmount) problems.push("the quote's inputAmount differs from the deposit's");
  if (BigInt(quote.expectedOutputAmount) > delivered || BigInt(quote.minOutputAmount) > delivered) {
    problems.push("the quote promises more output than the deposit delivers");
  }
  if (!same(quote.checks.balance.token, request.inputToken.address) || !same(quote.checks.allowance.token, request.inputToken.address)) {
    problems.push("the quote's balance and allowance checks are not about the input token");
  }
  if (deposit.fillDeadline <= nowSeconds) problems.push("the deposit's fill deadline has already passed");
  if (deposit.quoteTimestamp > nowSeconds + 300) problems.push("the deposit's quote timestamp is in the future");
  return problems;
}
