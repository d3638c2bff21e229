/**
 * Where the output goes on the destination chain. Either the deposit's recipient is the requested recipient (then
 * no app fee is paid, which is refused as a missing fee), or it is Across' MulticallHandler and its message does
 * exactly two things: transfer the app fee, in the output token, to Sluice's fee recipient, then drain everything
 * left to the requested recipient — who is also the fallback recipient if the message fails. Anything else (another
 * recipient, another fee recipient, extra calls, native value) is refused.
 */
import { ACROSS_MULTICALL_HANDLER } from "../../chains/chains.js";
import { CalldataError } from "./decodeDepositCalldata.js";
import { decodeHandlerMessage, type HandlerInstructions } from "./decodeHandlerMessage.js";
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
  if (!same(instructions.fallbackRecipient, request.recipient)) {
    problems.push(`the handler's fallback recipient (refund if the message fails) is ${instructions.fallbackRecipient}, not the requested recipient`);
  }
  const [feeCall, drainCall, ...extra] = instructions.calls;
  let appFee = 0n;
  if (!feeCall || feeCall.kind !== "transfer" || !same(feeCall.target, token)) {
    problems.push("the handler's first call is not an app fee transfer in the output token");
  } else if (!same(feeCall.to, feeRecipient)) {
    problems.push(`the app fee is paid to ${feeCall.to}, not to Sluice's fee recipient`);
  } else {
    appFee = feeCall.amount;
  }
  if (!drainCall || drainCall.kind !== "drain" || !same(drainCall.target, ACROSS_MULTICALL_HANDLER) || !same(drainCall.token, token)) {
    problems.push("the handler's second call does not drain the output token");
  } else if (!same(drainCall.to, request.recipient)) {
    problems.push(`the handler drains the output to ${drainCall.to}, not to the requested recipient ${request.recipient}`);
  }
  if (extra.length > 0) problems.push(`the handler message carries ${extra.length} call(s) beyond the fee and the payout`);
  if (instructions.calls.some((call) => call.value !== 0n)) problems.push("the handler message sends native value");
  return { problems, appFee, instructions };
}
