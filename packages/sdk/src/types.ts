/**
 * The SDK's public types, each an alias of the API's own OpenAPI document (`schema.d.ts`, generated): a change of the
 * API changes these, and the drift test keeps `schema.d.ts` equal to what the API serves.
 */
import type { components, operations } from "./schema.js";

type Schemas = components["schemas"];
type JsonOf<T> = T extends { content: { "application/json": infer J } } ? J : never;
/** The 200 answer of an operation. */
export type OkAnswer<K extends keyof operations> = JsonOf<operations[K]["responses"][200]>;
/** The JSON body an operation takes. */
export type RequestBody<K extends keyof operations> = operations[K] extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
/** The query an operation takes. */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;

export type ChainName = Schemas["RouteRequest"]["chain"];
export type RouteRequest = Schemas["RouteRequest"];
export type RouteAnswer = Schemas["RouteAnswer"];
export type RouteFailure = Schemas["RouteFailure"];
export type RouteQuote = Schemas["RouteQuote"];
export type PermitTypedData = Schemas["PermitTypedData"];
export type SolveRequest = Schemas["SolveRequest"];
export type SolveAnswer = Schemas["SolveAnswer"];
export type SolveFailure = Schemas["SolveFailure"];
export type SolvePermit = Schemas["Permit"];
export type SolveWitness = NonNullable<SolveRequest["witness"]>;
export type SwapQuote = Schemas["SwapQuote"];
export type SwapTransaction = Schemas["SwapTransaction"];
export type ConfirmRequest = Schemas["ConfirmRequest"];
export type ConfirmAnswer = Schemas["ConfirmAnswer"];
export type Token = Schemas["Token"];
export type TokenList = Schemas["TokenList"];
export type Account = Schemas["Account"];
export type UsageEvent = Schemas["UsageEvent"];
export type UsageTotals = Schemas["UsageTotals"];
export type UsagePage = OkAnswer<"getUsage">;
export type Rebate = Schemas["Rebate"];
export type BridgeChain = Schemas["BridgeChain"];
export type BridgeToken = Schemas["BridgeToken"];
export type BridgeQuoteRequest = Schemas["BridgeQuoteRequest"];
export type BridgeQuote = Schemas["BridgeQuote"];
export type BridgeTrackRequest = Schemas["BridgeTrackRequest"];
export type BridgeDeposit = Schemas["BridgeDeposit"];
export type ErrorAnswer = Schemas["Error"];

/** Every error code Sluice answers with (README: error codes); an unknown future code is still a string. */
export type SluiceErrorCode =
  | "MALFORMED_REQUEST" | "UNSUPPORTED_CHAIN" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT"
  | "SWAP_TOO_SMALL" | "PRICE_IMPACT_TOO_HIGH" | "NO_ROUTE" | "UNSUPPORTED_TOKEN" | "PERMIT_INVALID"
  | "TRANSACTION_REJECTED" | "QUOTE_EXPIRED" | "SIMULATION_FAILED" | "GASLESS_PAUSED" | "RATE_LIMITED" | "INTERNAL" | "UPSTREAM_ERROR"
  | "DEPENDENCY_DOWN" | (string & {});

/** Chain ids of the chains Sluice swaps on. */
export const chainIds = { ethereum: 1, base: 8453, arbitrum: 42161, polygon: 137 } as const satisfies Record<ChainName, number>;
