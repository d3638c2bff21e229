/**
 * A local, Across-compatible HTTP API for the devnet (127.0.0.1 only): `/swap/approval`, `/deposit/status`,
 * `/swap/chains`, `/swap/tokens` and `/available-routes` with the real API's request and response shapes, backed by
 * the devnet's SpokePools and a relayer running in the same process.
 *
 * DEVNET-ONLY control endpoints (nothing like them exists on the real API):
 * - `POST /devnet/hold { depositor }`: the relayer leaves that depositor's deposits unfilled; their quotes get a
 *   20-second fill window, so they expire, then are refunded, within a test;
 * - `POST /devnet/tamper { depositor, mode }`: later quotes for that depositor are tampered (tamperModes.ts);
 *   `mode: null` restores honest answers;
 * - `POST /devnet/upstream { depositor, url }`: that depositor's `/swap/approval` requests are answered by another
 *   server on 127.0.0.1 (a test's own malicious upstream), status and body relayed verbatim; `url: null` restores;
 * - `POST /devnet/status-answer { depositTxnRef, answer }`: `/deposit/status` asked about that deposit transaction answers
 *   the deposit's honest record with `answer`'s fields laid over it (a lying status answer: another deposit's
 *   identifiers, a status, a fill or refund transaction that are not this deposit's); `answer: "not-found"` answers
 *   404 as for a deposit the protocol does not know (forgotten, or not indexed); `answer: "status N"` (N a 4xx or 5xx)
 *   answers HTTP N, as a refused lookup (429: rate limited; 401: a bad key); `answer: null` restores;
 * - `GET /devnet/requests?depositor=`: how many `/swap/approval` requests were made for that depositor (retries);
 * - `POST /devnet/fund { chainId, address, token, amount }`: the relayer sends `amount` (raw units) of a curated
 *   token, and 10 native coins, to a test wallet.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { erc20Abi, getAddress, isAddress, isHash, parseEther, toHex, type Address, type Hex } from "viem";
import type { DevnetManifest } from "../../manifest/manifestTypes.js";
import { rpcCall } from "../devnetRpc.js";
import { AcrossApiError, invalidParam } from "./acrossApiError.js";
import { acrossNetwork } from "./acrossNetwork.js";
import { buildSwapApproval } from "./buildSwapApproval.js";
import { availableRoutes, swapChains, swapTokens } from "./catalogueRoutes.js";
import { depositKey, type DepositRecord } from "./depositRecord.js";
import { startDevnetRelayer, type DevnetRelayer } from "./devnetRelayer.js";
import { parseSwapApprovalQuery } from "./swapApprovalQuery.js";
import { tamperModes, type TamperMode } from "./tamperModes.js";

export type StartAcrossApiParameters = {
  manifest: DevnetManifest;
  /** 0 picks a free port. */
  port?: number;
  /** The API key callers must send as `Authorization: Bearer <key>`; a random one when absent. */
  apiKey?: string;
  log?: (line: string) => void;
};

export type AcrossApi = { url: string; apiKey: string; relayer: DevnetRelayer; stop(): Promise<void> };

export async function startAcrossApi(params: StartAcrossApiParameters): Promise<AcrossApi> {
  const log = params.log ?? (() => {});
  const apiKey = params.apiKey ?? randomBytes(16).toString("hex");
  const network = acrossNetwork(params.manifest);
  const relayer = startDevnetRelayer(network, log);
  const tampering = new Map<string, TamperMode>();
  const upstreams = new Map<string, string>();
  const requestCounts = new Map<string, number>();
  const statusAnswers = new Map<string, Record<string, unknown> | string>();
  const pending = new Set<NodeJS.Timeout>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const authorized = () => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) throw new AcrossApiError(401, "UNAUTHORIZED", "Invalid or missing API key");
    };

    if (path.startsWith("/devnet/")) return send(200, await devnetControl(path, url, request));
    if (request.method === "GET" && path === "/swap/chains") return send(200, swapChains(network));
    if (request.method === "GET" && path === "/swap/tokens") return send(200, swapTokens(network, url.searchParams));
    if (request.method === "GET" && path === "/available-routes") return send(200, availableRoutes(network, url.searchParams));
    if ((request.method === "GET" || request.method === "POST") && path === "/swap/approval") {
      authorized();
      const query = parseSwapApprovalQuery(url.searchParams);
      const depositor = query.depositor.toLowerCase();
      requestCounts.set(depositor, (requestCounts.get(depositor) ?? 0) + 1);
      const upstream = upstreams.get(depositor);
      if (upstream) {
        const relayed = await fetch(`${upstream}/swap/approval${url.search}`);
        response.writeHead(relayed.status, { "content-type": relayed.headers.get("content-type") ?? "application/json" });
        return void response.end(Buffer.from(await relayed.arrayBuffer()));
      }
      const tamper = tampering.get(depositor);
      if (tamper === "malformedJson") return void response.writeHead(200, { "content-type": "application/json" }).end('{"crossSwapType": "bridgeableTo');
      if (tamper === "wrongShape") return send(200, { message: "ok", quote: null });
      if (tamper === "serverError") return send(500, new AcrossApiError(500, "INTERNAL_SERVER_ERROR", "Something went wrong").toJSON());
      if (tamper === "badRequest") throw invalidParam("amount", "amount is invalid for this route");
      if (tamper === "timeout") {
        await new Promise<void>((resolve) => { const t = setTimeout(() => { pending.delete(t); resolve(); }, 30_000); pending.add(t); });
        if (response.destroyed) return;
      }
      return send(200, await buildSwapApproval(query, { network, tamper, held: relayer.isHeld(query.depositor) }));
    }
    if (request.method === "GET" && path === "/deposit/status") {
      authorized();
      const deposit = await findDeposit(url.searchParams);
      const answer = statusAnswers.get(deposit.depositTxHash.toLowerCase());
      // A deposit the protocol has forgotten (or not indexed): its own answer for an unknown deposit.
      if (answer === "not-found") throw new AcrossApiError(404, "DEPOSIT_NOT_FOUND", "Deposit not found given the provided constraints");
      // A refused lookup: the status the test named, in the API's error shape.
      if (typeof answer === "string") throw new AcrossApiError(Number(answer.slice("status ".length)), "DEVNET_REFUSED", `Refused with ${answer}`);
      return send(200, { ...statusView(deposit), ...answer });
    }
    throw new AcrossApiError(404, "NOT_FOUND", `No such endpoint: ${request.method} ${path}`);
  };

  const findDeposit = async (query: URLSearchParams): Promise<DepositRecord> => {
    const ref = query.get("depositTxnRef") ?? query.get("depositTxHash");
    let deposit: DepositRecord | undefined;
    if (ref) {
      if (!isHash(ref)) throw invalidParam("depositTxnRef", "depositTxnRef must be a transaction hash");
      deposit = await relayer.findByTransaction(ref);
    } else {
      const originChainId = query.get("originChainId");
      const depositId = query.get("depositId");
      if (!originChainId || !depositId || !/^\d+$/.test(originChainId) || !/^\d+$/.test(depositId)) {
        throw invalidParam("depositId", "Provide depositTxnRef, or originChainId and depositId");
      }
      deposit = relayer.deposits.get(depositKey(Number(originChainId), BigInt(depositId)));
    }
    if (!deposit) throw new AcrossApiError(404, "DEPOSIT_NOT_FOUND", "Deposit not found given the provided constraints");
    return deposit;
  };

  const devnetControl = async (path: string, url: URL, request: IncomingMessage) => {
    const body = request.method === "POST" ? JSON.parse(await readBody(request) || "{}") as Record<string, unknown> : {};
    const depositorOf = (value: unknown) => {
      if (typeof value !== "string" || !isAddress(value, { strict: false })) throw invalidParam("depositor", "depositor must be an address");
      return getAddress(value);
    };
    if (path === "/devnet/hold") {
      relayer.hold(depositorOf(body.depositor));
      return { ok: true };
    }
    if (path === "/devnet/tamper") {
      const depositor = depositorOf(body.depositor).toLowerCase();
      if (body.mode === null) tampering.delete(depositor);
      else if (tamperModes.includes(body.mode as TamperMode)) tampering.set(depositor, body.mode as TamperMode);
      else throw invalidParam("mode", `mode must be one of ${tamperModes.join(", ")} or null`);
      return { ok: true };
    }
    if (path === "/devnet/upstream") {
      const depositor = depositorOf(body.depositor).toLowerCase();
      if (body.url === null) upstreams.delete(depositor);
      else if (typeof body.url === "string" && /^http:\/\/127\.0\.0\.1:\d+$/.test(body.url)) upstreams.set(depositor, body.url);
      else throw invalidParam("url", "url must be http://127.0.0.1:<port> or null");
      return { ok: true };
    }
    if (path === "/devnet/status-answer") {
      const ref = String(body.depositTxnRef ?? "").toLowerCase();
      if (!isHash(ref)) throw invalidParam("depositTxnRef", "depositTxnRef must be a transaction hash");
      if (body.answer === null) statusAnswers.delete(ref);
      else if ((typeof body.answer === "object" && body.answer) || body.answer === "not-found") statusAnswers.set(ref, body.answer as Record<string, unknown> | "not-found");
      else if (typeof body.answer === "string" && /^status [45]\d\d$/.test(body.answer)) statusAnswers.set(ref, body.answer);
      else throw invalidParam("answer", "answer must be an object of status fields, \"not-found\", \"status N\" (a 4xx or 5xx) or null");
      return { ok: true };
    }
    if (path === "/devnet/requests") return { count: requestCounts.get(depositorOf(url.searchParams.get("depositor")).toLowerCase()) ?? 0 };
    if (path === "/devnet/fund") {
      const chain = network.byId(Number(body.chainId));
      const token = chain && network.token(chain.chainId, String(body.token));
      if (!chain || !token) throw invalidParam("token", "unknown chain or token");
      const to = depositorOf(body.address);
      await rpcCall(chain.rpcUrl, "anvil_setBalance", [to, toHex(parseEther("10"))]);
      const hash = await relayer.serialize(chain.chainId, async () => {
        const sent = await chain.walletClient.writeContract({ address: token.address, abi: erc20Abi, functionName: "transfer", args: [to, BigInt(String(body.amount))] });
        await chain.publicClient.waitForTransactionReceipt({ hash: sent });
        return sent;
      });
      return { ok: true, hash };
    }
    throw new AcrossApiError(404, "NOT_FOUND", `No such devnet control: ${path}`);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      const known = error instanceof AcrossApiError ? error
        : error instanceof SyntaxError ? new AcrossApiError(400, "INVALID_PARAM", "Body is not JSON")
          : new AcrossApiError(500, "INTERNAL_SERVER_ERROR", (error as Error).message);
      if (known.status === 500) log(`across api: ${(error as Error).stack ?? error}`);
      response.writeHead(known.status, { "content-type": "application/json" });
      response.end(JSON.stringify(known.toJSON()));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(params.port ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, apiKey, relayer,
    async stop() {
      relayer.stop();
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function statusView(deposit: DepositRecord) {
  return {
    status: deposit.status,
    originChainId: deposit.originChainId,
    depositId: deposit.depositId.toString(),
    depositTxHash: deposit.depositTxHash,
    depositTxnRef: deposit.depositTxHash,
    fillTx: deposit.fillTx ?? null,
    fillTxnRef: deposit.fillTx ?? null,
    destinationChainId: deposit.destinationChainId,
    depositRefundTxHash: deposit.refundTx ?? null,
    depositRefundTxnRef: deposit.refundTx ?? null,
    actionsSucceeded: deposit.status === "filled" ? deposit.message !== "0x" ? true : null : null,
    pagination: { currentIndex: 0, maxIndex: 0 },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.on("data", (chunk: Buffer) => { data += chunk.toString(); });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

export type { Address, Hex };
