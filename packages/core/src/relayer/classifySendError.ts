/**
 * What a failed `eth_sendRawTransaction` means for the nonce:
 * - `nonce`: the node already has this nonce (too low, already known, replacement underpriced) — resync, retry;
 * - `uncertain`: the node may or may not have received it (timeout, connection lost) — look the hash up;
 * - `funds`: the node refused it because the relayer cannot pay for the gas — the nonce is unused;
 * - `rejected`: the node refused the transaction itself (fee cap, size, …) — the nonce is unused.
 */
export function classifySendError(error: unknown): "nonce" | "uncertain" | "funds" | "rejected" {
  const text = collectMessages(error);
  if (/insufficient funds/i.test(text)) return "funds";
  if (/nonce too low|nonce.*(lower|too small|has already been used)|already known|already imported|replacement transaction underpriced|known transaction/i.test(text)) {
    return "nonce";
  }
  if (/timed? ?out|fetch failed|network|socket|ECONN|connection|HTTP request failed|502|503|504/i.test(text)) return "uncertain";
  return "rejected";
}

function collectMessages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { message, details, shortMessage } = e as { message?: unknown; details?: unknown; shortMessage?: unknown };
    for (const m of [shortMessage, details, message]) if (typeof m === "string") parts.push(m);
  }
  return parts.join(" | ");
}
