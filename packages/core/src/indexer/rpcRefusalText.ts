/**
 * All an RPC refusal says, as one text: the name, message and details of the error and of its causes (viem wraps the
 * provider's words a few levels down; each provider words its limits its own way). What `isTooLarge` and
 * `readBusyBlock` read a refusal's kind from.
 */
export function rpcRefusalText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error as { name?: string; message?: string; details?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    parts.push(e.name ?? "", e.message ?? "", e.details ?? "");
  }
  return parts.join(" ");
}
