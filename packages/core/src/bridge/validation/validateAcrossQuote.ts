/**
 * Sluice's validation of an Across quote before anything reaches the user's wallet. Pure: no I/O (the simulation
 * is `simulateDeposit`). Every check runs; any violation refuses the whole quote with a message naming them all.
 *
 * Order: transaction targets and approvals → deposit calldata decoding → deposit terms (depositor/refund, chain,
 * tokens, amounts, integrator, allowance spender) → approval amounts and count → timing (fill window, exclusivity,
 * quote time, expiry) → payout (recipient, handler message, fee recipient) → app fee rate → disclosed amounts and
 * fees reconciled with the deposit → economic bounds → quote expiry.
 */
import { SluiceError } from "../../errors/SluiceError.js";
import { checkAppFee } from "./checkAppFee.js";
import { checkApprovals } from "./checkApprovals.js";
import { checkDepositTerms } from "./checkDepositTerms.js";
import { checkDepositTiming } from "./checkDepositTiming.js";
import { checkEconomicBounds } from "./checkEconomicBounds.js";
import { checkFeeDisclosure } from "./checkFeeDisclosure.js";
import { checkPayout } from "./checkPayout.js";
import { checkTransactionTargets } from "./checkTransactionTargets.js";
import { CalldataError, decodeDepositCalldata, type DecodedDeposit } from "./decodeDepositCalldata.js";
import type { QuoteValidationContext, QuoteValidationInput } from "./quoteValidationTypes.js";

export function validateAcrossQuote(input: QuoteValidationInput): QuoteValidationContext {
  const problems = checkTransactionTargets(input.request, input.quote);
  let deposit: DecodedDeposit;
  try {
    deposit = decodeDepositCalldata(input.quote.swapTx.data as `0x${string}`);
  } catch (error) {
    if (!(error instanceof CalldataError)) throw error;
    throw refused([...problems, error.message]);
  }
  const payout = checkPayout(input, deposit);
  const context: QuoteValidationContext = { ...input, deposit, appFee: payout.appFee, instructions: payout.instructions };
  problems.push(...checkDepositTerms(context), ...checkApprovals(context), ...checkDepositTiming(context), ...payout.problems,
    ...checkAppFee(context), ...checkFeeDisclosure(context), ...checkEconomicBounds(context));
  if (problems.length > 0) throw refused(problems);

  const expiry = input.quote.quoteExpiryTimestamp;
  if (expiry === undefined || expiry === null) throw refused(["the quote carries no expiry"]);
  if (input.nowSeconds >= expiry) {
    throw new SluiceError("QUOTE_EXPIRED", "The bridge quote has expired; request a new quote", { body: { quoteExpiryTimestamp: expiry } });
  }
  return context;
}

function refused(problems: string[]): SluiceError {
  return new SluiceError("UPSTREAM_ERROR", `The bridge protocol's answer was refused: ${problems.join("; ")}`, {
    body: { violations: problems },
  });
}
