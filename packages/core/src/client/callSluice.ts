import type { SluiceConnection } from "./clientTypes.js";

/**
 * POSTs JSON to a Sluice endpoint with the partner's key and returns the parsed answer, success or failure alike
 * (Sluice always answers JSON with `ok`). Throws only when no JSON answer came back.
 */
export async function callSluice<T>(connection: SluiceConnection, path: string, body: unknown): Promise<T & { status: number }> {
  const doFetch = connection.fetch ?? fetch;
  const response = await doFetch(new URL(path, connection.baseUrl).toString(), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Sluice-API-Key": connection.apiKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { ...(JSON.parse(text) as T), status: response.status };
  } catch {
    throw new Error(`Sluice ${path} answered ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
}
