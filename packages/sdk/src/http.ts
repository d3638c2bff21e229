import { SluiceApiError } from "./errors.js";
import type { ExecutorOption } from "./executorFor.js";
import { readCappedText } from "./readCappedText.js";

/** The most of an answer the SDK reads: Sluice's answers are a few kilobytes; anything past this is refused unread. */
const MAX_ANSWER_BYTES = 1_000_000;

export type SluiceClientOptions = {
  /** The deployment, e.g. `https://api.sluice.example` or the local stack's `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** The partner's `X-Sluice-API-Key` (40 hex characters). */
  apiKey: string;
  /** A fetch implementation (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * How long one request may take before it is abandoned (default 30 000 ms; a request's own `signal` can end it
   * sooner). Nothing is sent again on its own: a `/solve` that timed out may have been executed — look it up (usage).
   */
  timeoutMs?: number;
  /**
   * Sluice's executor, the only spender the SDK signs permits for and the only contract a user-paid swap is sent to:
   * one address (the same on every chain), or one per chain. Needed by `swap` against a deployment (the address
   * follows from its operator's deploying key and is published with it); a client of a Sluice on this machine
   * (`baseUrl` on a loopback address) defaults to the local stack's (`DEVNET_EXECUTOR_ADDRESS`).
   */
  executor?: ExecutorOption;
  /**
   * The least time, in seconds, a bridge deposit's fill deadline must leave relayers, and an exclusive relayer's
   * exclusivity must end before it (default 600: the least a deployment's `BRIDGE_MIN_FILL_WINDOW_SECONDS` can be).
   * Lower it (whole seconds, 0 or more) only against a devnet whose bridge is configured with a shorter window.
   */
  bridgeMinFillWindowSeconds?: number;
  /**
   * The most, in bps of its input, a same-asset bridge deposit may keep in fees (relayer, LP, destination gas and app
   * fee together; default 300: core's default of a deployment's `BRIDGE_MAX_FEE_BPS`). Set it to the deployment's
   * `BRIDGE_MAX_FEE_BPS` when that is higher (a whole number from 1 to 1000), or its quotes above 300 bps are refused.
   */
  bridgeMaxFeeBps?: number;
};

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** One request to Sluice: the parsed JSON of a success, or a thrown {@link SluiceApiError}. */
export type Requester = <T>(method: "GET" | "POST", path: string, options?: RequestOptions) => Promise<T>;

export function createRequester(options: SluiceClientOptions): Requester {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  return async <T>(method: "GET" | "POST", path: string, request: RequestOptions = {}): Promise<T> => {
    const url = new URL(path.replace(/^\//, ""), base);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    // Only `/tokens` needs no key: without one, the header is left out rather than sent empty.
    if (options.apiKey) headers["X-Sluice-API-Key"] = options.apiKey;
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    const label = `${method} ${url.pathname}`;
    const deadline = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const response = await doFetch(url.toString(), {
      method, headers, signal,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
    const text = await readCappedText(response, MAX_ANSWER_BYTES);
    if (text === undefined) {
      throw new SluiceApiError({
        message: `${label} answered ${response.status} with a body over the SDK's limit of ${MAX_ANSWER_BYTES} bytes (1 MB); it was not read`,
        code: "INVALID_RESPONSE", status: response.status, request: label,
      });
    }
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    if (!json) {
      throw new SluiceApiError({
        message: `${label} answered ${response.status} without a JSON object: ${text.slice(0, 200)}`,
        code: "INVALID_RESPONSE", status: response.status, request: label,
      });
    }
    if (!response.ok || json.ok === false) {
      const { ok: _ok, error, code, ...fields } = json;
      const retryAfter = Number(response.headers.get("Retry-After") ?? Number.NaN);
      throw new SluiceApiError({
        message: typeof error === "string" ? error : `${label} answered ${response.status}`,
        code: typeof code === "string" ? code : "INVALID_RESPONSE",
        status: response.status, request: label, fields,
        ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
      });
    }
    return json as T;
  };
}
