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
  const response = await fetch(base + path, { method: params.method ?? (body ? "POST" : "GET"), headers, body });
  const text = await response.text();
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
