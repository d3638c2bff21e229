import type { Address } from "viem";
import type { AcrossSwapApproval } from "../across/acrossSchemas.js";
import type { Ratio } from "../../quoting/decimalFraction.js";
import type { BridgeToken } from "../bridgeTokens.js";
import type { DecodedDeposit } from "./decodeDepositCalldata.js";
import type { HandlerInstructions } from "./decodeHandlerMessage.js";

/** What the partner asked for, already validated and resolved against the curated set. */
export type BridgeQuoteRequest = {
  originChainId: number;
  destinationChainId: number;
  inputToken: BridgeToken;
  outputToken: BridgeToken;
  amount: bigint;
  tradeType: "exactInput" | "minOutput" | "exactOutput";
  depositor: Address;
  recipient: Address;
};

export type QuoteValidationInput = {
  request: BridgeQuoteRequest;
  quote: AcrossSwapApproval;
  /** Sluice's app fee recipient and rate. */
  feeRecipient: Address;
  appFeeBps: bigint;
  /** Sluice's 2-byte Across integrator id: the deposit must carry it. */
  integratorId: `0x${string}`;
  /** Maximum total fee of a same-asset transfer (bps); default `DEFAULT_MAX_BRIDGE_FEE_BPS`. */
  maxFeeBps?: bigint;
  /**
   * Sluice's own USD prices (per raw unit) of the input token on the origin chain and the output token on the
   * destination, from its indexed pool graphs: the economic bound of a route between different assets. Missing for
   * such a route → refused.
   */
  usdPrices?: BridgeUsdPrices;
  /** The shortest fill window a deposit may leave relayers (s); default `MIN_FILL_WINDOW_SECONDS`. */
  minFillWindowSeconds?: number;
  /** The most a signed deposit may take to be mined (s); default `DEPOSIT_INCLUSION_MARGIN_SECONDS`. */
  depositInclusionSeconds?: number;
  nowSeconds: number;
};

/** The input plus what decoding produced; checks run in order and may rely on earlier ones having passed. */
export type QuoteValidationContext = QuoteValidationInput & {
  deposit: DecodedDeposit;
  /** Present when the deposit's recipient is the MulticallHandler. */
  instructions?: HandlerInstructions;
  /** The app fee the deposit pays (0 when none). */
  appFee: bigint;
};

export type ViolationCode = "UPSTREAM_ERROR" | "QUOTE_EXPIRED" | "SIMULATION_FAILED";
export type Violation = { check: string; code: ViolationCode; message: string };

export type BridgeUsdPrices = { input?: Ratio; output?: Ratio };
