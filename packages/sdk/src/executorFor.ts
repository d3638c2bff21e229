import { getAddress, type Address } from "viem";
import { SluiceVerificationError } from "./errors.js";
import { DEVNET_EXECUTOR_ADDRESS } from "./pinned.js";
import type { ChainName } from "./types.js";

/** Sluice's executor as the client is told: one address for every chain, or per chain. */
export type ExecutorOption = Address | Partial<Record<ChainName, Address>>;

/**
 * The executor of `chain`: the option's. Without one, the local stack's (`DEVNET_EXECUTOR_ADDRESS`) for a client of a
 * Sluice on this machine only: a deployment's executor address follows from its operator's deploying key, which the
 * SDK cannot know, and a default taken from the server would trust the very answer the check is for.
 */
export function executorFor(option: ExecutorOption | undefined, chain: ChainName, baseUrl: string): Address {
  const chosen = typeof option === "string" ? option : option?.[chain];
  if (chosen) return getAddress(chosen);
  if (isLoopback(baseUrl)) return DEVNET_EXECUTOR_ADDRESS;
  throw new SluiceVerificationError({
    field: "executor", expected: `Sluice's executor address on ${chain}, given to the client`, received: "none (the SDK signs permits only for the executor it is given)",
    hint: "Nothing was approved, signed or sent. Pass Sluice's executor address (the same on every chain; published with the deployment) as createSluiceClient({ executor })",
  });
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
  } catch {
    return false;
  }
}
