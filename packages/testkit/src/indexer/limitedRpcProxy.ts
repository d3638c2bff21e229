/**
 * A small real JSON-RPC proxy in front of a node (anvil) that behaves like a hosted provider's limits: it refuses an
 * `eth_getLogs` spanning more than `maxBlockRange` blocks, and one whose answer holds more than `maxResults` logs
 * (over more than one block), with the errors providers send. It counts every request and records each
 * `eth_getLogs` span it answered or refused, so tests can see how a client adapted.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type LimitedRpcProxy = {
  url: string;
  /** Requests forwarded or refused so far (every JSON-RPC call counts one). */
  readonly requests: number;
  /** Each eth_getLogs: its span in blocks and whether it was answered. */
  readonly getLogs: { span: number; answered: boolean; results: number }[];
  close: () => Promise<void>;
};

export type StartLimitedRpcProxyParameters = {
  target: string; maxBlockRange?: number; maxResults?: number;
  /** Refuse a one-block answer over `maxResults` too (some providers cap every answer; others answer one block whole). */
  capOneBlock?: boolean;
};

export async function startLimitedRpcProxy({ target, maxBlockRange = Infinity, maxResults = Infinity, capOneBlock = false }: StartLimitedRpcProxyParameters): Promise<LimitedRpcProxy> {
  let requests = 0;
  const getLogs: LimitedRpcProxy["getLogs"] = [];
  const forward = async (call: { id: unknown; method: string; params?: unknown[] }) => {
    requests++;
    const answer = async () => (await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) })).json() as Promise<{ result?: unknown }>;
    if (call.method !== "eth_getLogs") return answer();
    const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
    const span = Number(BigInt(filter.toBlock ?? "0x0") - BigInt(filter.fromBlock ?? "0x0")) + 1;
    if (span > maxBlockRange) {
      getLogs.push({ span, answered: false, results: 0 });
      return { jsonrpc: "2.0", id: call.id, error: { code: -32602, message: `query exceeds max block range ${maxBlockRange}` } };
    }
    const response = await answer();
    const results = Array.isArray(response.result) ? response.result.length : 0;
    if (results > maxResults && (span > 1 || capOneBlock)) {
      getLogs.push({ span, answered: false, results });
      return { jsonrpc: "2.0", id: call.id, error: { code: -32005, message: `query returned more than ${maxResults} results` } };
    }
    getLogs.push({ span, answered: true, results });
    return response;
  };
  const server = createServer(async (req, res) => {
    try {
      const body = JSON.parse(await read(req)) as Parameters<typeof forward>[0] | Parameters<typeof forward>[0][];
      const out = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    getLogs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
