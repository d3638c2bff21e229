import { decodeErrorResult, type Hex } from "viem";
import { tokenProbeAbi } from "./tokenProbeArtifact.js";
import { DONATION_TOLERANCE_DIVISOR, ROUNDING_WEI, type TokenBehaviour } from "./tokenBehaviourTypes.js";

export type ClassifyProbeOutcomeReturnType = { behaviour: TokenBehaviour; detail: string };

/** What a pool answers when paying out the token failed (the token's transfer reverted or returned false). */
const poolTransferFailures = ["UniswapV2: TRANSFER_FAILED", "TF"];

/**
 * Classifies what `TokenProbe.probe` returned: the `Measured(...)` revert of its flash callback, or the pool's own
 * revert when the pool could not pay the token out. The legs, in order: a buy (pool → probe), two wallet transfers and
 * a sale (probe → the pool itself). Pure; the rules are in `tokenBehaviourTypes.ts`.
 */
export function classifyProbeOutcome(outcome: Hex, isV2: boolean): ClassifyProbeOutcomeReturnType {
  let decoded;
  try {
    decoded = decodeErrorResult({ abi: [...tokenProbeAbi, ...standardErrors], data: outcome });
  } catch {
    return { behaviour: "unknown", detail: `unrecognised probe outcome ${outcome.slice(0, 10)}` };
  }
  if (decoded.errorName === "Error") {
    const reason = String(decoded.args[0]);
    if (poolTransferFailures.includes(reason)) return { behaviour: "transfer-blocking", detail: `the pool cannot transfer it out (${reason})` };
    return { behaviour: "unknown", detail: `the pool reverted: ${reason}` };
  }
  if (decoded.errorName !== "Measured") return { behaviour: "unknown", detail: `the probe reverted with ${decoded.errorName}` };
  const [reserve, poolBalance, requested, received, sent, credited, debited, succeeded] = decoded.args;
  if (!succeeded[0] || !succeeded[1]) return { behaviour: "transfer-blocking", detail: "a transfer from a holder reverted" };
  // A honeypot lets buys and wallet transfers through and reverts only a sale (a transfer into a pool).
  if (!succeeded[2]) return { behaviour: "transfer-blocking", detail: "a sale (a transfer into the pool) reverted" };
  if (isV2 && poolBalance < reserve) {
    return { behaviour: "rebasing", detail: `a pair holds ${poolBalance}, less than its reserve ${reserve}` };
  }
  if (isV2 && poolBalance - reserve > reserve / DONATION_TOLERANCE_DIVISOR) {
    return { behaviour: "rebasing", detail: `a pair holds ${poolBalance}, more than its reserve ${reserve}` };
  }
  const legs: [string, bigint, bigint][] = [
    ["received from the pool", requested, received],
    ["credited on the first transfer", sent[0], credited[0]],
    ["debited on the first transfer", sent[0], debited[0]],
    ["credited on the second transfer", sent[1], credited[1]],
    ["debited on the second transfer", sent[1], debited[1]],
    ["credited to the pool on a sale", sent[2], credited[2]],
    ["debited on a sale", sent[2], debited[2]],
  ];
  for (const [what, expected, actual] of legs) {
    if (actual === expected) continue;
    const gap = actual > expected ? actual - expected : expected - actual;
    const detail = `${what}: ${actual} of ${expected}`;
    return { behaviour: gap <= ROUNDING_WEI ? "rebasing" : "fee-on-transfer", detail };
  }
  return { behaviour: "standard", detail: `${requested} borrowed, moved twice and sold back exactly` };
}

const standardErrors = [
  { type: "error", name: "Error", inputs: [{ name: "message", type: "string" }] },
] as const;
