import { SluiceError } from "../errors/SluiceError.js";
import type { IndexProgressSummary } from "./indexProgressSummary.js";

/** Seconds a caller is told to wait before asking again while a chain's cold index runs (the cron runs each minute). */
export const INDEX_RETRY_AFTER_SECONDS = 30;

/**
 * The answer while a chain's graph is not ready: 503 DEPENDENCY_DOWN (the chain's pool index is a dependency that is
 * not there yet) naming the chain and the progress, with `Retry-After` and the progress as `index`.
 */
export function indexNotReady(summary: IndexProgressSummary): SluiceError {
  return new SluiceError("DEPENDENCY_DOWN", `The pool index is not ready yet; ${summary.message}; retry shortly`, {
    headers: { "Retry-After": String(INDEX_RETRY_AFTER_SECONDS) },
    body: { index: { chain: summary.chain, phase: summary.phase, percent: summary.percent, block: summary.block, targetBlock: summary.targetBlock } },
  });
}
