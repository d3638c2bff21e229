import type { Hex } from "viem";
import { addressFromWord } from "./addressFromWord.js";
import { bridgeDepositFingerprint } from "./bridgeDepositFingerprint.js";
import type { DepositEvent } from "./readDepositEvents.js";

/**
 * The `bridgeDepositFingerprint` of a deposit as its origin SpokePool's `FundsDeposited` event records it (lower-case):
 * what tracking stores and what tells a tracked deposit apart from the others of its transaction, whatever deposit id a
 * reorganisation gives it.
 */
export function depositEventFingerprint(event: DepositEvent, originChainId: number): Hex {
  const a = event.args;
  return bridgeDepositFingerprint({
    originChainId, destinationChainId: a.destinationChainId,
    depositor: addressFromWord(a.depositor), recipient: addressFromWord(a.recipient),
    inputToken: addressFromWord(a.inputToken), outputToken: addressFromWord(a.outputToken),
    inputAmount: a.inputAmount, outputAmount: a.outputAmount, quoteTimestamp: a.quoteTimestamp, fillDeadline: a.fillDeadline, message: a.message,
  }).toLowerCase() as Hex;
}
