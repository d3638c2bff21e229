/**
 * The same-asset fee bounds of a bridge deposit, computed exactly as core's `checkEconomicBounds` computes them (the
 * floor rounded down, the ceiling cross-multiplied) and against the deployment's maximum (`maxFeeBps`, the client's
 * `bridgeMaxFeeBps`; default 300), so the SDK refuses no quote the server accepts, and takes none it would refuse.
 */
import { zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { checkBridgeAmounts } from "./checkBridgeAmounts.js";
import type { BridgePayout } from "./checkBridgePayout.js";
import type { BridgeDepositTerms } from "./decodeBridgeDeposit.js";
import { SluiceVerificationError } from "./errors.js";

const USDC = { symbol: "USDC", decimals: 6 };
const USDT = { symbol: "USDT", decimals: 6 };

const deposit = (inputAmount: bigint, outputAmount: bigint): BridgeDepositTerms => ({
  depositor: zeroAddress, recipient: zeroAddress, inputToken: zeroAddress, outputToken: zeroAddress,
  inputAmount, outputAmount, destinationChainId: 42161n, exclusiveRelayer: zeroAddress,
  quoteTimestamp: 0, fillDeadline: 0, exclusivityParameter: 0, message: "0x",
});

/** An exactInput deposit through Across' MulticallHandler: Sluice's 10 bps of the output, the rest drained to the recipient. */
function exactInput(inputAmount: bigint, outputAmount: bigint, maxFeeBps?: bigint, tokens = { inputToken: USDC, outputToken: USDC }) {
  const appFee = outputAmount / 1000n;
  const payout: BridgePayout = { shape: "drain", appFee, delivered: outputAmount - appFee, paidFor: outputAmount };
  return () => checkBridgeAmounts(deposit(inputAmount, outputAmount), payout, {
    stated: { expectedOutputAmount: outputAmount - appFee, minOutputAmount: outputAmount - appFee, appFee },
    ...tokens, tradeType: "exactInput", amount: inputAmount, ...(maxFeeBps !== undefined ? { maxFeeBps } : {}),
  });
}

/** A deposit straight to the recipient, of a quote not made by this client (held to its own terms). */
function direct(inputAmount: bigint, outputAmount: bigint) {
  const payout: BridgePayout = { shape: "direct", appFee: 0n, delivered: outputAmount, paidFor: outputAmount };
  return () => checkBridgeAmounts(deposit(inputAmount, outputAmount), payout, {
    stated: { expectedOutputAmount: outputAmount, minOutputAmount: outputAmount, appFee: 0n }, inputToken: USDC, outputToken: USDC,
  });
}

const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(SluiceVerificationError);
    return (error as SluiceVerificationError).field;
  }
  return undefined;
};

describe("checkBridgeAmounts: the same-asset fee bounds are core's", () => {
  it("a deposit keeping 4 % in fees is refused at the default 300 bps and taken at a deployment's 500 bps", () => {
    expect(refusal(exactInput(25_000_000n, 24_000_000n))).toBe("swapTx.data outputAmount");
    expect(refusal(exactInput(25_000_000n, 24_000_000n, 300n))).toBe("swapTx.data outputAmount");
    expect(refusal(exactInput(25_000_000n, 24_000_000n, 500n))).toBeUndefined();
    expect(refusal(exactInput(25_000_000n, 23_749_999n, 500n))).toBe("swapTx.data outputAmount");
  });

  it("the floor is rounded down as core rounds it: 1001 → 970 is taken at 300 bps, 1001 → 969 refused", () => {
    expect(refusal(direct(1001n, 970n))).toBeUndefined();
    expect(refusal(direct(1001n, 969n))).toBe("swapTx.data outputAmount");
  });

  it("between two USD stablecoins the output may exceed the input by the deployment's maximum, not more", () => {
    const stable = { inputToken: USDC, outputToken: USDT };
    expect(refusal(exactInput(25_000_000n, 26_000_000n, undefined, stable))).toBe("swapTx.data outputAmount");
    expect(refusal(exactInput(25_000_000n, 26_000_000n, 500n, stable))).toBeUndefined();
    expect(refusal(exactInput(25_000_000n, 26_250_001n, 500n, stable))).toBe("swapTx.data outputAmount");
  });
});
