/**
 * Sluice's client of the Across API. Answers are parsed with zod; network failures, timeouts and 5xx answers are
 * retried (they are UPSTREAM_ERROR-class: safe to retry), 4xx answers never are. A quote's 4xx is returned to the
 * caller as an `AcrossRequestError` to map onto Sluice's own codes (`quoteBridge`: the request may be the partner's
 * fault). A status lookup's 404 is "unknown deposit" (null); any other 4xx there (429, 401, 403, 400) is the
 * protocol's, not the partner's — Sluice's query is well-formed by then — so it is UPSTREAM_ERROR, like a 5xx: the
 * status route then reads a deposit its account tracks from the chains, and the reconcile cron reads the chains as
 * for any unusable answer.
 */
import type { z } from "zod";
import { SluiceError } from "../../errors/SluiceError.js";
import type { AcrossConfig } from "./acrossConfig.js";
import {
  acrossDepositStatusSchema, acrossErrorSchema, acrossSwapApprovalSchema, type AcrossDepositStatus, type AcrossSwapApproval,
} from "./acrossSchemas.js";

/** A 4xx answer of Across: the request was refused; retrying the same request cannot help. */
export class AcrossRequestError extends Error {
  constructor(readonly status: number, readonly code: string | undefined, message: string, readonly param?: string) {
    super(message);
  }
}

export type SwapApprovalParameters = {
  amount: bigint;
  inputToken: string;
  outputToken: string;
  originChainId: number;
  destinationChainId: number;
  depositor: string;
  recipient: string;
  tradeType: "exactInput" | "minOutput" | "exactOutput";
  slippage: number | "auto";
  /** Fraction of the output, e.g. 0.001 for 10 bps. */
  appFee: string;
  appFeeRecipient: string;
};

export type DepositStatusQuery = { depositTxnRef: string } | { originChainId: number; depositId: string };

export type AcrossClient = {
  swapApproval(params: SwapApprovalParameters): Promise<AcrossSwapApproval>;
  /** null when Across does not know the deposit (404); UPSTREAM_ERROR when it refuses the lookup otherwise (any other 4xx). */
  depositStatus(query: DepositStatusQuery): Promise<AcrossDepositStatus | null>;
};

export type CreateAcrossClientParameters = AcrossConfig & {
  /** Attempts after the first, on retryable failures only. */
  retries?: number;
  fetch?: typeof fetch;
};

/** An Across answer is a few kilobytes; anything past this is refused unread (a hostile or broken upstream). */
const MAX_ANSWER_BYTES = 1_000_000;

class AnswerTooLargeError extends Error {}

/** The body as text, reading at most `maxBytes` (the stream is cancelled past that). */
async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerTooLargeError();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLargeError();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) { all.set(chunk, offset); offset += chunk.byteLength; }
  return new TextDecoder().decode(all);
}

export function createAcrossClient(config: CreateAcrossClientParameters): AcrossClient {
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));
  const retries = config.retries ?? 1;

  async function get<S extends z.ZodType>(path: string, query: Record<string, string>, schema: S, allowNotFound = false): Promise<z.infer<S> | null> {
    const url = `${config.baseUrl}${path}?${new URLSearchParams(query)}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
    let lastProblem = "";
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      let response: Response;
      let text: string;
      try {
        const signal = AbortSignal.timeout(config.timeoutMs);
        // A redirect is never followed: it would carry the API key to wherever it points (whether a runtime drops the
        // header on a cross-origin hop varies), and Across' API does not redirect.
        response = await doFetch(url, { headers, signal, redirect: "manual" });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel().catch(() => {});
          throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol answered with a redirect (HTTP ${response.status}); it is not followed`);
        }
        text = await readCappedText(response, MAX_ANSWER_BYTES);
      } catch (error) {
        if (error instanceof SluiceError) throw error;
        if (error instanceof AnswerTooLargeError) {
          throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol's answer is larger than ${MAX_ANSWER_BYTES} bytes and was refused unread`);
        }
        const name = (error as Error).name;
        lastProblem = name === "TimeoutError" || name === "AbortError" ? `no answer within ${config.timeoutMs} ms` : "unreachable";
        continue;
      }
      if (response.status >= 500) {
        lastProblem = `HTTP ${response.status}`;
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new SluiceError("UPSTREAM_ERROR", "The bridge protocol answered with malformed JSON");
      }
      if (response.status === 404 && allowNotFound) return null;
      if (response.status >= 400) {
        const parsed = acrossErrorSchema.safeParse(body);
        const detail = parsed.success ? parsed.data : {};
        throw new AcrossRequestError(response.status, detail.code, detail.message ?? `HTTP ${response.status}`, detail.param);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol's answer is not understood (${issue.path.join(".") || "body"}: ${issue.message})`);
      }
      return parsed.data;
    }
    throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol is unavailable (${lastProblem}); safe to retry`);
  }

  return {
    async swapApproval(params) {
      const answer = await get("/swap/approval", {
        amount: params.amount.toString(),
        inputToken: params.inputToken,
        outputToken: params.outputToken,
        originChainId: String(params.originChainId),
        destinationChainId: String(params.destinationChainId),
        depositor: params.depositor,
        recipient: params.recipient,
        tradeType: params.tradeType,
        slippage: String(params.slippage),
        integratorId: config.integratorId,
        refundAddress: params.depositor,
        refundOnOrigin: "true",
        appFee: params.appFee,
        appFeeRecipient: params.appFeeRecipient,
      }, acrossSwapApprovalSchema);
      return answer!;
    },
    depositStatus(query) {
      const params: Record<string, string> = "depositTxnRef" in query
        ? { depositTxnRef: query.depositTxnRef }
        : { originChainId: String(query.originChainId), depositId: query.depositId };
      return get("/deposit/status", params, acrossDepositStatusSchema, true).catch((error: unknown) => {
        if (!(error instanceof AcrossRequestError)) throw error;
        // The protocol's own words stay in the logs: a partner reads Sluice's message and code, never upstream text.
        console.warn("bridge protocol refused a status lookup", JSON.stringify({ status: error.status, code: error.code, param: error.param, message: error.message }));
        throw new SluiceError("UPSTREAM_ERROR", `The bridge protocol refused the status lookup (HTTP ${error.status}); retry shortly`, {
          hint: "the protocol refused Sluice's own lookup (its rate limit or key, say): its reason is in the operator's logs",
        });
      });
    },
  };
}
