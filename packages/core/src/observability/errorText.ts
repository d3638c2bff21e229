import { redactUrlSecrets } from "./redactUrlSecrets.js";

/**
 * An error as one line for a log: `Name: message` (or the value as text), URLs cut to their origin (`redactUrlSecrets`:
 * a viem error quotes the RPC URL, and its provider key, it failed on). What every error logged outside `logEvent`'s
 * fields goes through.
 */
export function errorText(error: unknown): string {
  return redactUrlSecrets(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}
