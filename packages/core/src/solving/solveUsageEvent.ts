import type { Address, Hex } from "viem";
import type { ChainName } from "../chains/chains.js";
import type { UsageEventInput } from "../usage/usageEventInput.js";

export type SolveEvent = {
  id: string;
  accountId: string;
  apiKeyId: string;
  chain: ChainName;
  volumeUsd: string;
  isDryRun: boolean;
  isTest: boolean;
  txHash?: Hex;
  /** The swap: the permit's owner and its tokens (what the operator's volume review reads). */
  swap?: { owner: Address; tokenIn: Address; tokenOut: Address };
  /** A sent gasless solve is `pending` until its receipt is read (`finalizePendingSolves`). */
  outcome?: "pending";
  /** When it happened; default: when it is recorded. */
  occurredAt?: Date;
};

/** The request's one `solve` event as the usage recorder takes it. */
export function solveUsageEvent(event: SolveEvent): UsageEventInput {
  return { ...event, eventType: "solve", txHash: event.txHash ?? null, outcome: event.outcome ?? null, occurredAt: event.occurredAt ?? new Date() };
}

