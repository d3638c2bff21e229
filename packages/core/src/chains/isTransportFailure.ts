/**
 * Whether an RPC error is a failure of the connection to the node (no answer, a timeout, an HTTP error status), not
 * the node's answer to the call itself; viem wraps it in the call's error, so the cause chain is walked.
 */
export function isTransportFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (/HttpRequestError|TimeoutError|SocketClosedError|WebSocketRequestError/.test((e as { name?: string }).name ?? "")) return true;
  }
  return false;
}
