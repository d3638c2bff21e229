/**
 * What a failed `eth_sendRawTransaction` means for the nonce:
 * - `known`: the node already has this very transaction (same hash: it was sent before) — it is sent;
 * - `nonce`: the node already has another transaction at this nonce (too low, replacement underpriced) — resync, retry;
 * - `unreachable`: the request never left (connection refused, name not resolved) — nothing was sent;
 * - `uncertain`: the node may or may not have received it (timeout, connection lost, a 5xx) — look the hash up;
 * - `funds`: the node refused it because the relayer cannot pay for the gas — the nonce is unused;
 * - `rejected`: the node refused the transaction itself (fee cap, size, …) — the nonce is unused.
 * Only the errors' summaries are read, never a full message: that one quotes the request, whose hex may contain
 * anything ("504" included).
 */
export function classifySendError(error: unknown): "known" | "nonce" | "unreachable" | "uncertain" | "funds" | "rejected" {
  const text = collectMessages(error);
  if (/insufficient funds/i.test(text)) return "funds";
  if (/already known|known transaction|already imported/i.test(text)) return "known";
  if (/nonce too low|nonce.*(lower|too small|has already been used)|replacement transaction underpriced/i.test(text)) return "nonce";
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(text)) return "unreachable";
  if (hasServerErrorStatus(error)) return "uncertain";
  if (/timed? ?out|fetch failed|network|socket|ECONN|connection|HTTP request failed/i.test(text)) return "uncertain";
  return "rejected";
}

/** The summaries along the error's causes: viem's `shortMessage` and `details`, else (other errors) the message and code. */
function collectMessages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, details, shortMessage, code } = e as { message?: unknown; details?: unknown; shortMessage?: unknown; code?: unknown };
    if (typeof shortMessage === "string") parts.push(shortMessage);
    if (typeof details === "string") parts.push(details);
    if (typeof shortMessage !== "string" && typeof message === "string") parts.push(message);
    if (typeof code === "string") parts.push(code);
  }
  return parts.join(" | ");
}

/** An HTTP 5xx from the RPC (a gateway's 502/503/504 included): whatever was behind it may have taken the request. */
function hasServerErrorStatus(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { status } = e as { status?: unknown };
    if (typeof status === "number" && status >= 500) return true;
  }
  return false;
}
