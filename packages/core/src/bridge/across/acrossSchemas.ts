/**
 * Zod schemas of the Across API answers Sluice reads. Only the fields Sluice uses are required; everything else is
 * passed over. Raw amounts stay decimal strings (never numbers).
 */
import { z } from "zod";

const raw = z.string().regex(/^\d+$/, "must be a raw integer amount");
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, "must be 0x-prefixed hex");
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be an address");

/** A day: Across fills in seconds to minutes; a longer figure from the API is not one to show a user. */
const EXPECTED_FILL_TIME_MAX_S = 86_400;

export const acrossTokenSchema = z.object({
  address, chainId: z.number().int(), decimals: z.number().int(), symbol: z.string(),
}).loose();

const feeComponent = z.object({ amount: raw, pct: raw.optional(), token: acrossTokenSchema.optional() }).loose();
const bridgeFeeDetails = z.object({ lp: feeComponent, relayerCapital: feeComponent, destinationGas: feeComponent }).loose();

export const acrossSwapApprovalSchema = z.object({
  id: z.string().optional(),
  checks: z.object({
    allowance: z.object({ token: address, spender: address, actual: raw, expected: raw }),
    balance: z.object({ token: address, actual: raw, expected: raw }),
  }),
  approvalTxns: z.array(z.object({ chainId: z.number().int(), to: address, data: hex })).nullish(),
  inputToken: acrossTokenSchema,
  outputToken: acrossTokenSchema,
  inputAmount: raw,
  expectedOutputAmount: raw,
  minOutputAmount: raw,
  /** Seconds; shown to the user as given only when it is a plausible fill time, else unknown (null), as when absent. */
  expectedFillTime: z.number().nullish().transform((seconds) => (
    typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 && seconds <= EXPECTED_FILL_TIME_MAX_S ? Math.ceil(seconds) : null)),
  /** The bridge step, amounts and fees in the input token (Across' `steps.bridge`). */
  steps: z.object({
    bridge: z.object({
      inputAmount: raw, outputAmount: raw,
      fees: feeComponent.extend({ details: bridgeFeeDetails.nullish() }).loose().nullish(),
    }).loose().nullish(),
  }).loose().nullish(),
  /**
   * Across' fee breakdown; absent when Across lacks USD prices. `total.amount` is derived from USD prices (not exact);
   * `details.app` and `details.bridge` are exact, in the output and input token; `details.bridge.details.destinationGas`
   * is in the destination chain's native token.
   */
  fees: z.object({
    // From USD prices: may be negative; never used as an amount.
    total: feeComponent.extend({
      amount: z.string(), pct: z.string().optional(),
      details: z.object({
        app: feeComponent,
        bridge: feeComponent.extend({ details: bridgeFeeDetails.nullish() }).loose(),
      }).loose(),
    }),
  }).loose().nullish(),
  swapTx: z.object({
    simulationSuccess: z.boolean(),
    chainId: z.number().int(),
    to: address,
    data: hex,
    value: raw.nullish(),
  }).loose(),
  quoteExpiryTimestamp: z.number().int().nullish(),
}).loose();
export type AcrossSwapApproval = z.infer<typeof acrossSwapApprovalSchema>;

const UINT256_MAX = 2n ** 256n - 1n;

/**
 * A deposit id as the SpokePool emits it: a uint256, in canonical decimal ("7", never "007", "x1" or "1.2e+21"), as
 * Across' API answers it; or a JSON number that holds it exactly (a safe integer). Anything else — a number past 2^53,
 * which JSON has already rounded, or any other text — makes the whole answer unusable (UPSTREAM_ERROR), so that a
 * deposit the partner tracks is read from the chains instead of being lost to an id that names nothing.
 */
const depositIdSchema = z.union([
  z.string().refine((v) => /^(0|[1-9]\d{0,77})$/.test(v) && BigInt(v) <= UINT256_MAX, "must be a uint256 in canonical decimal"),
  z.number().int().nonnegative().refine(Number.isSafeInteger, "must be exact (at most 2^53 - 1 as a JSON number)").transform(String),
]);

export const acrossDepositStatusSchema = z.object({
  status: z.string(),
  originChainId: z.coerce.number().int().nullish(),
  depositId: depositIdSchema.nullish(),
  depositTxHash: z.string().nullish(),
  depositTxnRef: z.string().nullish(),
  fillTx: z.string().nullish(),
  fillTxnRef: z.string().nullish(),
  destinationChainId: z.coerce.number().int().nullish(),
  depositRefundTxHash: z.string().nullish(),
  depositRefundTxnRef: z.string().nullish(),
}).loose();
export type AcrossDepositStatus = z.infer<typeof acrossDepositStatusSchema>;

export const acrossErrorSchema = z.object({
  code: z.string().optional(), message: z.string().optional(), param: z.string().optional(),
}).loose();
