/** Where Sluice reaches Across and how it identifies itself: deployment configuration (secrets), never code. */
import { getAddress, isAddress, type Address } from "viem";
import { SluiceError } from "../../errors/SluiceError.js";
import { MIN_FILL_WINDOW_SECONDS } from "../validation/bridgeQuoteExpiry.js";

export type AcrossBindings = {
  ACROSS_API_URL?: string;
  ACROSS_API_KEY?: string;
  /** Sluice's 2-byte integrator id, e.g. `0x00a1`. */
  ACROSS_INTEGRATOR_ID?: string;
  /** Sluice's address that receives the bridge app fee on every destination chain. */
  BRIDGE_FEE_RECIPIENT?: string;
  /** Per-request timeout of calls to Across (ms); default 5000. */
  ACROSS_TIMEOUT_MS?: string;
  /** The shortest fill window a quoted deposit may leave relayers (s, 600–86400); default 600. */
  BRIDGE_MIN_FILL_WINDOW_SECONDS?: string;
  /**
   * A local stack only, never in production: the shortest fill window in place of `BRIDGE_MIN_FILL_WINDOW_SECONDS`,
   * any whole number of seconds (the devnet's held deposits leave relayers 20 s, so that they expire within a test).
   * No deployment declares it, so a production secrets file holding it is refused.
   */
  BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS?: string;
  /** The most a signed deposit may take to be mined (s, 0–1800); default 300. The answered expiry leaves room for it. */
  BRIDGE_DEPOSIT_INCLUSION_SECONDS?: string;
  /**
   * The most a same-asset transfer may keep in fees, all together (bps, 1–1000); default 300. The bound that limits
   * what a compromised bridge API could skim from an exact-input transfer whose answer is otherwise consistent.
   */
  BRIDGE_MAX_FEE_BPS?: string;
};

/**
 * `BRIDGE_MIN_FILL_WINDOW_SECONDS`: whole seconds from 600 to 86400. Less leaves relayers too little time: a deposit
 * signed late in its quote would sit unfilled until its deadline and come back only with the refund, hours later;
 * more than a day is past any fill deadline Across sets, so no quote would ever be served.
 */
export const BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN = /^(?:[6-9]\d\d|[1-9]\d{3}|[1-7]\d{4}|8[0-5]\d{3}|86[0-3]\d\d|86400)$/;
/**
 * `BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS`: any positive whole number of seconds (a local stack only: it is ignored
 * unless `ACROSS_API_URL` is a loopback address, so a deployment given it by mistake keeps its real minimum).
 */
export const BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS_PATTERN = /^[1-9]\d{0,4}$/;
/** `BRIDGE_MAX_FEE_BPS`: a whole number of basis points from 1 to 1000. */
export const BRIDGE_MAX_FEE_BPS_PATTERN = /^(?:[1-9]\d{0,2}|1000)$/;
/**
 * `BRIDGE_DEPOSIT_INCLUSION_SECONDS`: whole seconds from 0 to 1800. More would leave no moment to sign most quotes
 * (the SpokePool's quote time buffer is 3600 s from a quote timestamp Across sets in the past).
 */
export const BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN = /^(?:0|[1-9]\d{0,2}|1[0-7]\d\d|1800)$/;

/** `ACROSS_INTEGRATOR_ID`: Sluice's 2-byte integrator id, `0x` and 4 hex digits. */
export const ACROSS_INTEGRATOR_ID_PATTERN = /^0x[0-9a-fA-F]{4}$/;
/** `ACROSS_TIMEOUT_MS`: whole milliseconds from 100 to 30,000 (a request to Across never waits longer); empty is unset. */
export const ACROSS_TIMEOUT_MS_PATTERN = /^(?:[1-9]\d{2,3}|[12]\d{4}|30000)$/;
/**
 * `BRIDGE_FEE_RECIPIENT`: an address that is not the zero address (Across would be told to pay Sluice's app fee to
 * `0x0`: burnt, or every quote refused).
 */
export function isBridgeFeeRecipient(value: string): boolean {
  return isAddress(value, { strict: false }) && !/^0x0{40}$/i.test(value);
}

export type AcrossConfig = {
  baseUrl: string; apiKey?: string; integratorId: `0x${string}`; feeRecipient: Address; timeoutMs: number;
  /** Validation, not the client: the shortest fill window a quoted deposit may leave relayers (s). */
  minFillWindowSeconds?: number;
  /** Validation: the most a signed deposit may take to be mined (s); default `DEPOSIT_INCLUSION_MARGIN_SECONDS`. */
  depositInclusionSeconds?: number;
  /** Validation: the most a same-asset transfer may keep in fees (bps); default `DEFAULT_MAX_BRIDGE_FEE_BPS`. */
  maxFeeBps?: bigint;
};

/** Reads the configuration; a deployment missing it cannot bridge (UPSTREAM_ERROR, logged by the caller). */
export function acrossConfigFromEnv(env: AcrossBindings): AcrossConfig {
  const { ACROSS_API_URL: baseUrl, ACROSS_INTEGRATOR_ID: integratorId, BRIDGE_FEE_RECIPIENT: feeRecipient } = env;
  const { BRIDGE_MAX_FEE_BPS: maxFeeBps, BRIDGE_DEPOSIT_INCLUSION_SECONDS: inclusion } = env;
  const { BRIDGE_MIN_FILL_WINDOW_SECONDS: fillWindow, BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: devnetFillWindow } = env;
  // Empty is unset (the default), as it always was.
  const timeout = env.ACROSS_TIMEOUT_MS || undefined;
  if (!baseUrl || !integratorId || !ACROSS_INTEGRATOR_ID_PATTERN.test(integratorId) || !feeRecipient || !isBridgeFeeRecipient(feeRecipient)
    || (timeout !== undefined && !ACROSS_TIMEOUT_MS_PATTERN.test(timeout))
    || (maxFeeBps !== undefined && !BRIDGE_MAX_FEE_BPS_PATTERN.test(maxFeeBps))
    || (inclusion !== undefined && !BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN.test(inclusion))
    || (fillWindow !== undefined && !BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN.test(fillWindow))
    || (devnetFillWindow !== undefined && !BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS_PATTERN.test(devnetFillWindow))) {
    throw new SluiceError("UPSTREAM_ERROR", "Bridging is not configured on this deployment");
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: env.ACROSS_API_KEY || undefined,
    integratorId: integratorId as `0x${string}`,
    feeRecipient: getAddress(feeRecipient),
    timeoutMs: timeout !== undefined ? Number(timeout) : 5_000,
    // The devnet's shorter window applies only against a bridge API on this machine (the local stand-in).
    minFillWindowSeconds: Number((isLoopbackUrl(baseUrl) ? devnetFillWindow : undefined) ?? fillWindow ?? MIN_FILL_WINDOW_SECONDS),
    ...(maxFeeBps !== undefined ? { maxFeeBps: BigInt(maxFeeBps) } : {}),
    ...(inclusion !== undefined ? { depositInclusionSeconds: Number(inclusion) } : {}),
  };
}

function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
  } catch {
    return false;
  }
}
