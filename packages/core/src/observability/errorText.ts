/**
 * An error as one line for a log field: `Name: message`, or the value as text. Hand it to `logEvent`, which cuts the
 * URLs in it to their origin (a viem error quotes the RPC URL, and its provider key, it failed on).
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
