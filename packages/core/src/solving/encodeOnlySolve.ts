import { SluiceError } from "../errors/SluiceError.js";
import { gaslessPaused, type GaslessPause } from "../gasBudget/gaslessRevertBudget.js";
import { formatQuote } from "../quoting/formatQuote.js";
import { swapTooSmall } from "../quoting/quoteErrors.js";
import { rememberEncodedSwap } from "../swaps/rememberEncodedSwap.js";
import { recordSolveEvent } from "./recordSolveEvent.js";
import type { SolveContext } from "./solveContext.js";
import type { SolveSwapReturnType } from "./solveSwap.js";
import { simulateSolve } from "./simulateSolve.js";

/**
 * The encode-only solve: a dry run, or a swap below the gasless minimum that the user submits (paying gas) and then
 * `/confirm`s. Simulated from the user; the calldata is remembered for `/confirm`, then the solve recorded as a dry run.
 * Below the minimum (and not a dry run) it answers the `Swap too small` failure carrying the calldata; for an owner
 * whose gasless swaps are `paused` (too many reverted, or too many in flight), the `Gasless paused` failure carrying it.
 */
export async function encodeOnlySolve(s: SolveContext, dryRun: boolean, paused?: GaslessPause): Promise<SolveSwapReturnType> {
  const simulated = await s.services.time("simulate", () => simulateSolve(s.chain.client, { from: s.user, to: s.executor, data: s.data, withGas: false }));
  if (simulated.amountOut < s.minAmountOut) {
    throw new SluiceError("SIMULATION_FAILED", "The route no longer meets the minimum output; request a fresh quote");
  }
  if (!s.sandbox && s.usage) {
    // Remembered first, then recorded under the remembered row's event id: a solve answered 503 leaves no event
    // behind, and the same calldata solved again is the same event.
    const eventId = await rememberEncodedSwap(s.services.db, {
      accountId: s.auth.accountId, apiKeyId: s.auth.keyId, chain: s.chain.name, executor: s.executor, data: s.data, owner: s.user,
      permitNonce: s.permit.nonce, tokenIn: s.quote.tokenIn.address, tokenOut: s.quote.tokenOut.address, amountIn: s.quote.amountIn,
      quotedAmountOut: s.quote.amountOut, minAmountOut: s.minAmountOut, volumeUsd: s.event.volumeUsd, usageEventId: s.event.id,
    });
    await recordSolveEvent(s.usage, { ...s.event, id: eventId, isDryRun: true });
  }
  if (!dryRun) throw paused ? gaslessPaused(s.quote, s.user, paused, s.transaction) : swapTooSmall(s.quote, { transaction: s.transaction });
  return { quote: formatQuote(s.quote), transaction: s.transaction, gaslessEligible: s.quote.gaslessEligible, computeMs: Date.now() - s.started };
}
