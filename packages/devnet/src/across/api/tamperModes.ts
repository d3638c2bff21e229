/**
 * DEVNET-ONLY: ways the local Across API can be told to answer `/swap/approval` dishonestly, so Sluice's validator
 * can be tested against a hostile or broken upstream. A test registers a mode for a depositor address with
 * `POST /devnet/tamper { depositor, mode }`; every later quote for that depositor is tampered until
 * `POST /devnet/tamper { depositor, mode: null }`. Nothing like this exists on the real API.
 */
export const tamperModes = [
  "target", // swapTx.to (and the approval's spender) is a stranger's contract
  "depositor", // the deposit's depositor — who is refunded on the origin chain — is a stranger
  "recipient", // the handler's message drains the output to a stranger
  "directRecipient", // no handler: the deposit's recipient is a stranger
  "destinationChain", // the deposit goes to another chain than asked
  "refundRecipient", // the handler's fallback recipient (who gets the funds if the message fails) is a stranger
  "approvalSpender", // the approval lets a stranger spend the input token
  "approvalCall", // the "approval" is a transfer of the input token to a stranger
  "approvalToken", // the approval is sent to another token than the input token
  "expired", // quoteExpiryTimestamp is in the past
  "simulationFailed", // the deposit reverts (stale quote timestamp) and simulationSuccess is false
  "noAppFee", // the app fee is left out
  "wrongAppFee", // the message pays 50 bps instead of the requested 10, disclosed as such
  "undisclosedAppFee", // the message pays the fee but the fee breakdown says 0
  "feeToStranger", // the app fee is paid to a stranger
  "extraCall", // the message carries one more call (a transfer to a stranger)
  "inputAmount", // the deposit pulls twice the requested amount
  "inflatedOutput", // a negative relay fee: the deposit's output is twice its input, no `fees` (no prices) and no `steps`
  "outputToken", // the deposit asks for another output token
  "nativeValue", // swapTx sends native coin along with an ERC20 deposit
  "fillDeadlinePassed", // the deposit's fill deadline is already in the past
  "legacyDepositV3", // an honest answer using the legacy depositV3 (address-typed) entry point
  "malformedJson", // the body is not JSON
  "wrongShape", // valid JSON without the fields of a quote
  "serverError", // HTTP 500
  "badRequest", // HTTP 400 (an AcrossApiError)
  "timeout", // no answer for 30 seconds
] as const;

export type TamperMode = (typeof tamperModes)[number];

/** The stranger every tampered answer pays: an address nobody in the tests controls. */
export const STRANGER = "0x5742000000000000000000000000000000005742" as const;
