import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SluiceError } from "../../errors/SluiceError.js";
import { AcrossRequestError, createAcrossClient } from "./createAcrossClient.js";

const config = { baseUrl: "http://across.test", apiKey: "k", integratorId: "0x5c1e" as const, feeRecipient: "0x7777777777777777777777777777777777777777" as const, timeoutMs: 50 };

function scripted(answers: (() => Response | Promise<Response>)[]) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(input));
    expect((init?.headers as Record<string, string>).authorization).toBe("Bearer k");
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  };
  return { calls, client: createAcrossClient({ ...config, fetch: fetch as typeof globalThis.fetch }) };
}

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

describe("createAcrossClient", () => {
  it("retries 5xx and network failures, then answers UPSTREAM_ERROR", async () => {
    const { calls, client } = scripted([json(503, {}), () => { throw new TypeError("fetch failed"); }]);
    await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/unreachable/) });
    expect(calls).toHaveLength(2);
  });

  it("times out slow answers (retryable)", async () => {
    const slow = () => new Promise<Response>((_resolve, reject) => setTimeout(() => reject(Object.assign(new Error("t"), { name: "TimeoutError" })), 60));
    const { calls, client } = scripted([slow, slow]);
    await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/no answer within 50 ms/) });
    expect(calls).toHaveLength(2);
  });

  it("never retries a 4xx", async () => {
    const { calls, client } = scripted([json(400, { code: "AMOUNT_TOO_LOW", message: "too low", param: "amount" })]);
    const error = await client.swapApproval({ amount: 1n, inputToken: "a", outputToken: "b", originChainId: 1, destinationChainId: 2, depositor: "d", recipient: "r", tradeType: "exactInput", slippage: "auto", appFee: "0.001", appFeeRecipient: "f" }).catch((e) => e);
    expect(error).toBeInstanceOf(AcrossRequestError);
    expect(error).toMatchObject({ status: 400, code: "AMOUNT_TOO_LOW", param: "amount" });
    expect(calls).toHaveLength(1);
    const query = new URL(calls[0]!).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ integratorId: "0x5c1e", appFee: "0.001", refundAddress: "d", refundOnOrigin: "true" });
  });

  it("a status lookup refused with another 4xx (rate limit, key, parameters) is UPSTREAM_ERROR, without retry or upstream text", async () => {
    const { calls, client } = scripted([
      json(429, { message: "Too many requests, slow down" }),
      json(401, { code: "UNAUTHORIZED", message: "Invalid or missing API key" }),
      json(403, { code: "FORBIDDEN", message: "Key not allowed" }),
      json(400, { code: "INVALID_PARAM", message: "depositTxnRef is odd", param: "depositTxnRef" }),
    ]);
    for (const status of [429, 401, 403, 400]) {
      const error = await client.depositStatus({ depositTxnRef: "0xab" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SluiceError);
      expect(error).toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringContaining(`HTTP ${status}`) });
      expect((error as Error).message).not.toMatch(/slow down|API key|not allowed|odd/);
    }
    expect(calls).toHaveLength(4);
  });

  it("a 404 status is null; malformed JSON and wrong shapes are UPSTREAM_ERROR without retry", async () => {
    const { calls, client } = scripted([json(404, { message: "not found" }), () => new Response("{oops", { status: 200 }), json(200, { nope: 1 })]);
    expect(await client.depositStatus({ originChainId: 1, depositId: "5" })).toBeNull();
    await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/malformed JSON/) });
    await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/not understood/) });
    expect(calls).toHaveLength(3);
  });

  it("refuses an answer of 64 MB after reading about 1 MB of it, without retry", async () => {
    let produced = 0;
    const huge = () => new Response(new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= 64 * 1024 * 1024) return controller.close();
        produced += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    }), { status: 200 });
    const { calls, client } = scripted([huge]);
    await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/larger than 1000000 bytes/) });
    expect(produced).toBeLessThan(2 * 1024 * 1024);
    expect(calls).toHaveLength(1);
  });

  // Attack: an Across API (or what answers at its address) redirects elsewhere; following it would hand the API key
  // to that origin. Real servers and the runtime's own fetch, so the runtime's redirect handling is what is tested.
  it("never follows a redirect: UPSTREAM_ERROR, without retry, and the other origin never sees the API key", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((req, res) => { seen.push(req.headers); res.end(JSON.stringify({ status: "filled" })); });
    let asked = 0;
    const across = await listen((_req, res) => {
      asked++;
      res.writeHead(302, { location: `http://127.0.0.1:${port(elsewhere)}/steal` }).end();
    });
    try {
      const client = createAcrossClient({ ...config, baseUrl: `http://127.0.0.1:${port(across)}`, apiKey: "secret-key" });
      await expect(client.depositStatus({ depositTxnRef: "0xab" })).rejects.toMatchObject({
        code: "UPSTREAM_ERROR", message: expect.stringMatching(/redirect \(HTTP 302\); it is not followed/),
      });
      expect(asked).toBe(1);
      expect(seen).toEqual([]);
    } finally {
      await Promise.all([close(across), close(elsewhere)]);
    }
  });
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
const port = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
