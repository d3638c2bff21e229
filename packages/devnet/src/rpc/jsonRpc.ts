/**
 * A minimal JSON-RPC client for seeding. Seeding sends tens of thousands of requests; batching them into one HTTP
 * POST per chunk is what keeps start-up in seconds, and this client does only that (viem is used everywhere else).
 */
export type RpcRequest = { method: string; params: unknown[] };

export type JsonRpc = {
  url: string;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Sends the requests in chunks of `chunkSize` per HTTP request; answers come back in request order. */
  batch<T = unknown>(requests: RpcRequest[], chunkSize?: number): Promise<T[]>;
};

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } };

export function jsonRpc(url: string): JsonRpc {
  let nextId = 1;
  const post = async (body: unknown): Promise<unknown> => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const unwrap = (request: RpcRequest, answer: RpcResponse | undefined): unknown => {
    if (!answer) throw new Error(`${url}: no answer to ${request.method}`);
    if (answer.error) {
      const data = answer.error.data === undefined ? "" : ` (${JSON.stringify(answer.error.data)})`;
      throw new Error(`${request.method} failed on ${url}: ${answer.error.message}${data}`);
    }
    return answer.result;
  };
  return {
    url,
    async call<T>(method: string, params: unknown[] = []) {
      const request = { method, params };
      return unwrap(request, (await post({ jsonrpc: "2.0", id: nextId++, ...request })) as RpcResponse) as T;
    },
    async batch<T>(requests: RpcRequest[], chunkSize = 500) {
      const results: T[] = [];
      for (let start = 0; start < requests.length; start += chunkSize) {
        const chunk = requests.slice(start, start + chunkSize);
        const firstId = nextId;
        nextId += chunk.length;
        const answers = (await post(chunk.map((r, i) => ({ jsonrpc: "2.0", id: firstId + i, ...r })))) as RpcResponse[];
        const byId = new Map(answers.map((a) => [a.id, a]));
        chunk.forEach((request, i) => results.push(unwrap(request, byId.get(firstId + i)) as T));
      }
      return results;
    },
  };
}
