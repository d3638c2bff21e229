/**
 * Where a bridge deposit's output goes on the destination chain, mirroring core's `checkPayout`: straight to the
 * recipient (with no message), or to Across' MulticallHandler with exactly the instructions Across' API builds —
 * - exactInput / minOutput: the app fee `transfer(feeRecipient, fee)` of the output token, then one or two
 *   `drainLeftoverTokens(outputToken, recipient)`;
 * - exactOutput: the app fee transfer, `transfer(recipient, amount)` of the output token, then
 *   `drainLeftoverTokens(outputToken, depositor or recipient)` of a rest of at most 1 base unit;
 * the fee recipient being the one the quote discloses (`fees.app.recipient`), no native value, the fallback recipient
 * the zero address (a failing message reverts the fill, refunded on the origin chain) or the recipient. Without the
 * request's trade type, the message's own shape decides which of the two applies.
 */
import { isAddressEqual, zeroAddress, type Address } from "viem";
import { fail } from "./answerChecks.js";
import type { BridgeDepositTerms } from "./decodeBridgeDeposit.js";
import { decodeHandlerMessage, type HandlerCall } from "./decodeHandlerMessage.js";
import { ACROSS_MULTICALL_HANDLER } from "./pinned.js";

/** What the recipient receives (`delivered`), the app fee, and the output the user pays for (`paidFor`). */
export type BridgePayout = { shape: "direct" | "drain" | "exactOutput"; appFee: bigint; delivered: bigint; paidFor: bigint };

export function checkBridgePayout(d: BridgeDepositTerms, expected: {
  recipient: Address; depositor: Address; feeRecipient: Address; tradeType?: "exactInput" | "minOutput" | "exactOutput";
}): BridgePayout {
  const { recipient, depositor, feeRecipient } = expected;
  const field = "swapTx.data message";
  if (!isAddressEqual(d.recipient, ACROSS_MULTICALL_HANDLER)) {
    if (!isAddressEqual(d.recipient, recipient)) fail("swapTx.data recipient", `the recipient ${recipient} or Across' MulticallHandler`, d.recipient);
    if (d.message !== "0x") fail(field, "empty (a deposit straight to the recipient calls nothing)", d.message);
    return { shape: "direct", appFee: 0n, delivered: d.outputAmount, paidFor: d.outputAmount };
  }
  const { calls, fallbackRecipient } = decodeHandlerMessage(d.message);
  if (!isAddressEqual(fallbackRecipient, zeroAddress) && !isAddressEqual(fallbackRecipient, recipient)) {
    fail(`${field} fallbackRecipient`, `the zero address (refund on the origin chain) or the recipient ${recipient}`, fallbackRecipient);
  }
  calls.forEach((call, i) => { if (call.value !== 0n) fail(`${field} calls[${i}].value`, "0", call.value); });
  const isTransfer = (call: HandlerCall | undefined): call is Extract<HandlerCall, { kind: "transfer" }> =>
    call?.kind === "transfer" && isAddressEqual(call.target, d.outputToken);
  const isDrain = (call: HandlerCall | undefined): call is Extract<HandlerCall, { kind: "drain" }> =>
    call?.kind === "drain" && isAddressEqual(call.target, ACROSS_MULTICALL_HANDLER) && isAddressEqual(call.token, d.outputToken);

  const [fee, ...payout] = calls;
  if (!isTransfer(fee)) fail(`${field} calls[0]`, `the app fee transfer(feeRecipient, fee) of the output token ${d.outputToken}`, fee ?? "no call");
  if (!isAddressEqual(fee.to, feeRecipient)) fail(`${field} calls[0] to`, `the fee recipient the quote discloses (fees.app.recipient) ${feeRecipient}`, fee.to);
  if (fee.amount > d.outputAmount) fail(`${field} calls[0] amount`, `at most the deposit's output ${d.outputAmount}`, fee.amount);
  const afterFee = d.outputAmount - fee.amount;

  const exactOutput = expected.tradeType ? expected.tradeType === "exactOutput" : payout[0]?.kind === "transfer";
  if (!exactOutput) {
    if (payout.length < 1 || payout.length > 2) fail(field, "the fee transfer and one or two drains of the output token to the recipient", `${calls.length} calls`);
    payout.forEach((call, i) => {
      if (!isDrain(call)) fail(`${field} calls[${i + 1}]`, `drainLeftoverTokens(${d.outputToken}, recipient) on Across' MulticallHandler`, call);
      if (!isAddressEqual(call.to, recipient)) fail(`${field} calls[${i + 1}] to`, `the recipient ${recipient}`, call.to);
    });
    return { shape: "drain", appFee: fee.amount, delivered: afterFee, paidFor: d.outputAmount };
  }
  const [transfer, drain, ...extra] = payout;
  if (!isTransfer(transfer)) fail(`${field} calls[1]`, `transfer(recipient, amount) of the output token ${d.outputToken}`, transfer ?? "no call");
  if (!isAddressEqual(transfer.to, recipient)) fail(`${field} calls[1] to`, `the recipient ${recipient}`, transfer.to);
  if (!isDrain(drain)) fail(`${field} calls[2]`, `drainLeftoverTokens(${d.outputToken}, depositor or recipient) on Across' MulticallHandler`, drain ?? "no call");
  if (!isAddressEqual(drain.to, depositor) && !isAddressEqual(drain.to, recipient)) fail(`${field} calls[2] to`, `the depositor ${depositor} or the recipient ${recipient}`, drain.to);
  if (extra.length > 0) fail(field, "the fee transfer, the payout and the drain of the rest (3 calls)", `${calls.length} calls`);
  // core's EXACT_OUTPUT_LEFTOVER_UNITS: Across' output is exactly the amount and its fee; more is input taken from the user.
  if (afterFee < transfer.amount || afterFee - transfer.amount > 1n) {
    fail("swapTx.data outputAmount", `the app fee ${fee.amount} plus the payout ${transfer.amount} (at most 1 base unit more)`, d.outputAmount);
  }
  const paidFor = transfer.amount + fee.amount;
  return { shape: "exactOutput", appFee: fee.amount, delivered: transfer.amount, paidFor: paidFor < d.outputAmount ? paidFor : d.outputAmount };
}
