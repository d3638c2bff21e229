import { createBridge } from "./bridge.js";
import { createRequester, type SluiceClientOptions } from "./http.js";
import { account, rebates, usage, type UsageParams } from "./reporting.js";
import { confirm, quote, swap, type QuoteParams, type SwapParams } from "./swap.js";
import type { ChainName, TokenList } from "./types.js";

/**
 * A client of one Sluice deployment with the partner's key. Every method answers the API's own types (generated from
 * its OpenAPI document) and throws {@link SluiceApiError} when Sluice answers a failure. What the wallet signs or
 * sends is first checked against the request, the chain and the SDK's pinned constants ({@link SluiceVerificationError}).
 *
 * ```ts
 * const sluice = createSluiceClient({ baseUrl: "http://127.0.0.1:8787", apiKey: process.env.SLUICE_API_KEY! });
 * const { quote } = await sluice.quote({ from: "USDC", to: "WETH", amount: "1000", chain: "base" });
 * ```
 */
export function createSluiceClient(options: SluiceClientOptions) {
  const { bridgeMinFillWindowSeconds: minFillWindowSeconds, bridgeMaxFeeBps: maxFeeBps } = options;
  // Read once here: a NaN, fractional or out-of-range bound would silently weaken the bridge checks.
  if (minFillWindowSeconds !== undefined && !(Number.isSafeInteger(minFillWindowSeconds) && minFillWindowSeconds >= 0)) {
    throw new TypeError(`createSluiceClient: bridgeMinFillWindowSeconds must be a whole number of seconds, 0 or more (got ${String(minFillWindowSeconds)})`);
  }
  if (maxFeeBps !== undefined && !(Number.isInteger(maxFeeBps) && maxFeeBps >= 1 && maxFeeBps <= 1000)) {
    throw new TypeError(`createSluiceClient: bridgeMaxFeeBps must be a whole number of basis points from 1 to 1000 (got ${String(maxFeeBps)})`);
  }
  const request = createRequester(options);
  return {
    /** `POST /api/v1/route`: the quote and the ready-to-sign permit (a quote below the gasless minimum included). */
    quote: (params: QuoteParams, signal?: AbortSignal) => quote(request, params, signal),
    /** Quote, approve Permit2 once, sign, solve gasless or send user-paid and confirm, and wait for the receipt. */
    swap: (params: SwapParams) => swap(request, params, { executor: options.executor, baseUrl: options.baseUrl }),
    /** `POST /api/v1/confirm` for a user-paid swap sent outside `swap`. */
    confirm: (params: Parameters<typeof confirm>[1], signal?: AbortSignal) => confirm(request, params, signal),
    /** `GET /api/v1/tokens`: the routable tokens of a chain. */
    tokens: async (params: { chain: ChainName; search?: string; limit?: number; signal?: AbortSignal }): Promise<TokenList> =>
      request<TokenList>("GET", "/api/v1/tokens", { query: { chain: params.chain, search: params.search, limit: params.limit }, signal: params.signal }),
    bridge: createBridge(request, { minFillWindowSeconds, maxFeeBps }),
    /** `GET /api/v1/account`: the key's account. */
    account: (signal?: AbortSignal) => account(request, signal),
    /** `GET /api/v1/usage`, every page: `for await (const event of sluice.usage({ period: "2026-11" }))`. */
    usage: (params?: UsageParams) => usage(request, params),
    /** `GET /api/v1/rebates`: the monthly rebate ledger. */
    rebates: (params?: { period?: string; signal?: AbortSignal }) => rebates(request, params),
  };
}

export type SluiceClient = ReturnType<typeof createSluiceClient>;
