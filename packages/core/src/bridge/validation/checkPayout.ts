/**
 * Where the output goes on the destination chain, as Across' app API builds it (across-protocol/frontend,
 * `api/_dexes/utils.ts`: buildExactInputBridgeTokenMessage / buildMinOutputBridgeTokenMessage /
 * buildExactOutputBridgeTokenMessage). The deposit's recipient is Across' MulticallHandler and its message
 *  - first transfers the app fee, in the output token, to Sluice's fee recipient;
 *  - exact input and min output: drains the output token to the requested recipient (Across adds a second, identical
 *    drain for leftovers);
 *  - exact output: transfers exactly the requested amount to the recipient, then drains the rest (dust) to the refund
 *    address, which Sluice sets to the depositor;
 *  - falls back, if the message cannot run, to the zero address (Across' sign for "refund on the origin chain", which
 *    Sluice asks for) or to the recipient.
 * A deposit straight to the recipient pays no app fee and is refused. Anything else (another recipient, fee recipient
 * or fallback, extra calls, native value) is refused.
 */
import { ACROSS_MULTICALL_HANDLER } from "../../chains/chains.js";
import { CalldataError } from "./decodeDepositCalldata.js";
import { zeroAddress } from "viem";
import { decodeHandlerMessage, type HandlerCall, type HandlerInstructions } from "./decodeHandlerMessage.js";
import type { QuoteValidationInput } from "./quoteValidationTypes.js";
import type { DecodedDeposit } from "./decodeDepositCalldata.js";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export type Payout = { problems: string[]; appFee: bigint; instructions?: HandlerInstructions };

export function checkPayout({ request, feeRecipient }: QuoteValidationInput, deposit: DecodedDeposit): Payout {
  if (same(deposit.recipient, request.recipient)) {
    const problems = deposit.message === "0x" ? [] : ["the deposit carries a message to the recipient"];
    return { problems: [...problems, "the deposit pays no app fee to Sluice"], appFee: 0n };
  }
  if (!same(deposit.recipient, ACROSS_MULTICALL_HANDLER)) {
    return { problems: [`the deposit's recipient is ${deposit.recipient}, not the requested ${request.recipient}`], appFee: 0n };
  }
  let instructions: HandlerInstructions;
  try {
    instructions = decodeHandlerMessage(deposit.message);
  } catch (error) {
    if (error instanceof CalldataError) return { problems: [error.message], appFee: 0n };
    throw error;
  }
  const problems: string[] = [];
  const token = request.outputToken.address;
  if (!same(instructions.fallbackRecipient, zeroAddress) && !same(instructions.fallbackRecipient, request.recipient)) {
    problems.push(`the handler's fallback recipient (refund if the message fails) is ${instructions.fallbackRecipient}, neither the origin refund (zero address) nor the requested recipient`);
  }
  const [feeCall, ...payout] = instructions.calls;
  let appFee = 0n;
  if (!feeCall || feeCall.kind !== "transfer" || !same(feeCall.target, token)) {
    problems.push("the handler's first call is not an app fee transfer in the output token");
  } else if (!same(feeCall.to, feeRecipient)) {
    problems.push(`the app fee is paid to ${feeCall.to}, not to Sluice's fee recipient`);
  } else {
    appFee = feeCall.amount;
  }
  problems.push(...(request.tradeType === "exactOutput" ? checkExactOutputPayout(request, payout) : checkDrainPayout(request, payout)));
  if (instructions.calls.some((call) => call.value !== 0n)) problems.push("the handler message sends native value");
  return { problems, appFee, instructions };
}

/** Exact input, min output: one or two drains of the output token, all to the requested recipient. */
function checkDrainPayout(request: QuoteValidationInput["request"], calls: HandlerCall[]): string[] {
  const token = request.outputToken.address;
  if (calls.length === 0) return ["the handler message does not pay the recipient"];
  if (calls.length > 2) return [`the handler message carries ${calls.length - 2} call(s) beyond the fee and the payout`];
  const problems: string[] = [];
  for (const call of calls) {
    if (call.kind !== "drain" || !same(call.target, ACROSS_MULTICALL_HANDLER) || !same(call.token, token)) {
      problems.push("the handler's payout is not a drain of the output token");
    } else if (!same(call.to, request.recipient)) {
      problems.push(`the handler drains the output to ${call.to}, not to the requested recipient ${request.recipient}`);
    }
  }
  return problems;
}

/** Exact output: the requested amount to the recipient, then the dust drained back to the depositor (the refund address). */
function checkExactOutputPayout(request: QuoteValidationInput["request"], calls: HandlerCall[]): string[] {
  const token = request.outputToken.address;
  const [transfer, dust, ...extra] = calls;
  const problems: string[] = [];
  if (!transfer || transfer.kind !== "transfer" || !same(transfer.target, token)) {
    problems.push("the handler does not transfer the requested amount of the output token");
  } else if (!same(transfer.to, request.recipient)) {
    problems.push(`the handler pays the output to ${transfer.to}, not to the requested recipient ${request.recipient}`);
  } else if (transfer.amount !== request.amount) {
    problems.push(`the handler pays ${transfer.amount} base units, not the requested exact output ${request.amount}`);
  }
  if (!dust || dust.kind !== "drain" || !same(dust.target, ACROSS_MULTICALL_HANDLER) || !same(dust.token, token)) {
    problems.push("the handler does not drain what is left of the output token");
  } else if (!same(dust.to, request.depositor)) {
    problems.push(`the handler drains the rest to ${dust.to}, not back to the depositor ${request.depositor}`);
  }
  if (extra.length > 0) problems.push(`the handler message carries ${extra.length} call(s) beyond the fee and the payout`);
  return problems;
}
