/**
 * Where the output goes on the destination chain. Either the deposit's recipient is the requested recipient (then
 * no app fee is paid, which is refused as a missing fee), or it is Across' MulticallHandler and its message is one of
 * the shapes Across' own API builds (across-protocol/frontend `api/_dexes/utils.ts`, `build*BridgeTokenMessage`):
 * - exactInput / minOutput: the app fee `transfer` in the output token to Sluice's fee recipient, then
 *   `drainLeftoverTokens(outputToken, recipient)` — Across drains twice (the transfer action, then the leftover
 *   drain); one drain is accepted too;
 * - exactOutput: the app fee `transfer`, a `transfer(recipient, amount)` of exactly the requested amount, then
 *   `drainLeftoverTokens(outputToken, refund)` of the rest to the depositor (the refund address) or the recipient —
 *   a rest of at most `EXACT_OUTPUT_LEFTOVER_UNITS`: Across' deposit output is the amount and its fee exactly, so
 *   anything more is input taken from the user and paid out on the destination chain to an address that, for a
 *   contract depositor, may be nobody's wallet (and an inflated input the economic bound would not see).
 * The fallback recipient (who receives the output if the message fails) is the zero address — with
 * `refundOnOrigin=true` the handler then reverts the fill, and the deposit is refunded to the depositor on the origin
 * chain — or the requested recipient. Anything else (another recipient, another fee recipient, extra or other calls,
 * native value) is refused.
 */
import { ACROSS_MULTICALL_HANDLER } from "../../chains/chains.js";
import { CalldataError } from "./decodeDepositCalldata.js";
import { decodeHandlerMessage, type HandlerCall, type HandlerInstructions } from "./decodeHandlerMessage.js";
import type { QuoteValidationInput } from "./quoteValidationTypes.js";
import type { DecodedDeposit } from "./decodeDepositCalldata.js";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const ZERO = /^0x0{40}$/i;

/**
 * What an exactOutput deposit may leave over after the app fee and the requested amount, in output-token base units.
 * Across (frontend `bdcf46ce`) makes the deposit output `addMarkupToAmount(amount, rate)` = floor(amount × (1 + rate))
 * and the fee `calculateAppFee` = floor(amount × rate): for a whole amount both floor the same fraction, so the rest
 * is exactly 0 (the fixtures' `exactOutput-*` answers). One unit covers a rounding taken the other way (a markup
 * rounded up), never anything material.
 */
export const EXACT_OUTPUT_LEFTOVER_UNITS = 1n;

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
  if (!ZERO.test(instructions.fallbackRecipient) && !same(instructions.fallbackRecipient, request.recipient)) {
    problems.push(`the handler's fallback recipient (refund if the message fails) is ${instructions.fallbackRecipient}, neither the zero address (refund on the origin chain) nor the requested recipient`);
  }
  const [feeCall, ...payoutCalls] = instructions.calls;
  let appFee = 0n;
  if (!feeCall || feeCall.kind !== "transfer" || !same(feeCall.target, token)) {
    problems.push("the handler's first call is not an app fee transfer in the output token");
  } else if (!same(feeCall.to, feeRecipient)) {
    problems.push(`the app fee is paid to ${feeCall.to}, not to Sluice's fee recipient`);
  } else {
    appFee = feeCall.amount;
  }
  problems.push(...(request.tradeType === "exactOutput"
    ? exactOutputPayout(payoutCalls, request, token, deposit.outputAmount - (feeCall?.kind === "transfer" ? feeCall.amount : 0n))
    : drainPayout(payoutCalls, request.recipient, token)));
  if (instructions.calls.some((call) => call.value !== 0n)) problems.push("the handler message sends native value");
  return { problems, appFee, instructions };
}

const isDrainOf = (call: HandlerCall | undefined, token: string): call is Extract<HandlerCall, { kind: "drain" }> =>
  call?.kind === "drain" && same(call.target, ACROSS_MULTICALL_HANDLER) && same(call.token, token);

/** exactInput / minOutput: one or two drains of the output token, each to the recipient. */
function drainPayout(calls: HandlerCall[], recipient: string, token: string): string[] {
  const drains = calls.slice(0, 2);
  const problems: string[] = [];
  if (drains.length === 0 || !drains.every((call) => isDrainOf(call, token))) {
    problems.push("the handler does not drain the output token after the fee");
  } else {
    for (const drain of drains) {
      if (drain.kind === "drain" && !same(drain.to, recipient)) problems.push(`the handler drains the output to ${drain.to}, not to the requested recipient ${recipient}`);
    }
  }
  if (calls.length > 2) problems.push(`the handler message carries ${calls.length - 2} call(s) beyond the fee and the payout`);
  return problems;
}

/**
 * exactOutput: exactly the requested amount to the recipient, then the rest to the depositor (or recipient), a rest of
 * rounding only. `afterFee`: the deposit's output less the fee transfer.
 */
function exactOutputPayout(calls: HandlerCall[], request: QuoteValidationInput["request"], token: string, afterFee: bigint): string[] {
  const [transfer, drain, ...extra] = calls;
  const problems: string[] = [];
  if (!transfer || transfer.kind !== "transfer" || !same(transfer.target, token)) {
    problems.push("the handler does not transfer the requested amount of the output token after the fee");
  } else {
    if (!same(transfer.to, request.recipient)) problems.push(`the handler pays the output to ${transfer.to}, not to the requested recipient ${request.recipient}`);
    if (transfer.amount !== request.amount) problems.push(`the handler pays the recipient ${transfer.amount} base units, not the requested ${request.amount}`);
  }
  if (!isDrainOf(drain, token)) {
    problems.push("the handler does not return the rest of the output token");
  } else if (!same(drain.to, request.depositor) && !same(drain.to, request.recipient)) {
    problems.push(`the handler drains the rest of the output to ${drain.to}, neither the depositor nor the recipient`);
  }
  const rest = afterFee - request.amount;
  if (rest > EXACT_OUTPUT_LEFTOVER_UNITS) {
    problems.push(`the deposit leaves ${rest} base units of the output beyond the requested amount and the app fee, drained to ${isDrainOf(drain, token) ? drain.to : "the handler"} on the destination chain (at most ${EXACT_OUTPUT_LEFTOVER_UNITS})`);
  }
  if (extra.length > 0) problems.push(`the handler message carries ${extra.length} call(s) beyond the fee and the payout`);
  return problems;
}
