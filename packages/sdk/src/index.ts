/** @sluice/sdk: a typed client of the Sluice API (types generated from its OpenAPI document), and webhook verification. */
export { createSluiceClient, type SluiceClient } from "./client.js";
export type { SluiceClientOptions } from "./http.js";
export {
  SluiceApiError, SluiceTimeoutError, SluiceTransactionError, SluiceVerificationError, isSluiceApiError, type SluiceFailureFields,
} from "./errors.js";
export type { QuoteParams, QuoteResult, SwapParams, SwapResult } from "./swap.js";
export type { BridgeExecuteParams, BridgeExecuteResult, BridgeQuoteParams, DepositRef, SluiceBridge, WaitForFillOptions } from "./bridge.js";
export type { UsageIterable, UsageParams } from "./reporting.js";
export { signRoutePermit, type SignRoutePermitExpectation } from "./permit.js";
export { verifyRoutePermit, type RoutePermitExpectation, type RoutePermitMessage, type VerifiedRoutePermit } from "./verifyRoutePermit.js";
export { PERMIT2_ADDRESS, DEVNET_EXECUTOR_ADDRESS } from "./pinned.js";
export type { ExecutorOption } from "./executorFor.js";
export type { ChainReader, SluiceWalletClient, TransactionRequest } from "./wallet.js";
export {
  verifyWebhook, WebhookVerificationError, SIGNATURE_HEADER,
  type VerifyWebhookOptions, type WebhookEvent, type WebhookEventType, type WebhookHeaders, type WebhookVerificationFailure,
} from "./webhooks.js";
export * from "./types.js";
export type { components, operations, paths } from "./schema.js";
export { SDK_VERSION } from "./version.js";
