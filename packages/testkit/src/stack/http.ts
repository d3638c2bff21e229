import { inject } from "vitest";

export type JsonResponse<T = Record<string, unknown>> = { status: number; headers: Headers; body: T };

export type CallParameters = {
  method?: string;
  key?: string;
  body?: unknown;
  /** A raw body sent as is (for malformed JSON). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** `sandbox` sends the request to the sandbox deployment instead of the public entry. */
  target?: "api" | "sandbox";
};

/**
 * What `wrangler dev`'s own proxy (in front of workerd, local only) answers a POST when its request to the workers
 * fails for any reason, not only a restart (ProxyWorker compares the worker's address with the request's whole URL).
 * It retries a GET itself. Seen about once a CI run under load (a burst of concurrent POSTs), and in the runs examined
 * no worker had logged the request: it never reached one. A local-stack artefact (nothing of Sluice answers it, and
 * nothing like it stands in front of Workers or the Node host), so `call` sends the request once more.
 */
const WRANGLER_PROXY_LOST_REQUEST = "Your worker restarted mid-request.";

/** One HTTP request to the running stack; the body is parsed as JSON (every answer of Sluice is JSON). */
export async function call<T = Record<string, any>>(path: string, params: CallParameters = {}): Promise<JsonResponse<T>> {
  const stack = inject("stack");
  const base = params.target === "sandbox" ? stack.sandboxUrl : stack.baseUrl;
  const headers: Record<string, string> = { ...params.headers };
  if (params.key !== undefined) headers["X-Sluice-API-Key"] = params.key;
  let body: string | undefined = params.rawBody;
  if (params.body !== undefined) {
    body = JSON.stringify(params.body);
    headers["Content-Type"] ??= "application/json";
  }
  const send = () => fetch(base + path, { method: params.method ?? (body ? "POST" : "GET"), headers, body });
  let response = await send();
  let text = await response.text();
  if (response.status === 503 && text.startsWith(WRANGLER_PROXY_LOST_REQUEST)) {
    response = await send();
    text = await response.text();
  }
  let parsed: T;
  try {
    parsed = JSON.parse(text) as T;
  } catch {
    throw new Error(`${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** A request to the operator's admin API with the stack's admin token. */
export async function admin<T = Record<string, any>>(path: string, params: Omit<CallParameters, "key"> = {}) {
  return call<T>(path, { ...params, headers: { Authorization: `Bearer ${inject("stack").adminToken}`, ...params.headers } });
}
