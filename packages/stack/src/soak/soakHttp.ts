import type { SoakCall } from "./soakTypes.js";

/** No answer within this is a hung request (the soak's target is zero). */
export const SOAK_ANSWER_LIMIT_MS = 10_000;

/**
 * How long the generator keeps waiting past the limit, so the report tells a slow answer (still a miss) from none.
 */
const SOAK_GIVE_UP_MS = 30_000;

/**
 * A `fetch` for the load generator: every request gets the answer limit, and every answer (or its absence) is kept as
 * a `SoakCall`, so the report counts what actually crossed the wire — also the calls made inside the partner helper.
 */
export function recordingFetch(op: string, calls: SoakCall[]): typeof fetch {
  return async (input, init) => {
    const startedAt = Date.now();
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    try {
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(SOAK_GIVE_UP_MS) });
      const text = await response.text();
      let code: string | undefined;
      let message: string | undefined;
      try {
        ({ code, error: message } = JSON.parse(text) as { code?: string; error?: string });
      } catch {
        // not JSON: the status says enough
      }
      const requestId = response.headers.get("x-request-id") ?? undefined;
      calls.push({ op, path, status: response.status, code, error: message?.slice(0, 160), requestId, startedAt, endedAt: Date.now() });
      return new Response(text, { status: response.status, headers: response.headers });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      calls.push({ op, path, status: timedOut ? "timeout" : "error", startedAt, endedAt: Date.now() });
      throw error;
    }
  };
}
