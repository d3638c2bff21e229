/**
 * The economic bound on its own: same-asset routes in whole-token units (two USD stablecoins count as one asset),
 * routes between different assets at Sluice's own USD prices, refused when a price is missing.
 */
import { describe, expect, it } from "vitest";
import { findBridgeToken } from "../bridgeTokens.js";
import { checkEconomicBounds, isSameAssetRoute } from "./checkEconomicBounds.js";
import type { BridgeQuoteRequest, QuoteValidationContext } from "./quoteValidationTypes.js";

const user = "0x00000000000000000000000000000000000a11ce" as const;
const usdcBase = findBridgeToken(8453, "USDC")!;
const wethArb = findBridgeToken(42161, "WETH")!;
const usdtArb = findBridgeToken(42161, "USDT");
const usdcArb = findBridgeToken(42161, "USDC")!;
const daiArb = findBridgeToken(42161, "DAI")!;
// 1 USDC raw = 1e-6 USD; 1 WETH raw = 3000e-18 USD.
const prices = { input: { numerator: 1n, denominator: 10n ** 6n }, output: { numerator: 3000n, denominator: 10n ** 18n } };

function context(p: { output: BridgeQuoteRequest["outputToken"]; inputAmount: bigint; outputAmount: bigint; usdPrices?: typeof prices | { input?: undefined; output?: undefined } }): QuoteValidationContext {
  const request: BridgeQuoteRequest = {
    originChainId: 8453, destinationChainId: 42161, inputToken: usdcBase, outputToken: p.output, amount: p.inputAmount,
    tradeType: "exactInput", depositor: user, recipient: user,
  };
  return {
    request, usdPrices: p.usdPrices, appFee: p.outputAmount / 1000n, feeRecipient: user, appFeeBps: 10n, integratorId: "0x5c1e", nowSeconds: 0,
    deposit: { inputAmount: p.inputAmount, outputAmount: p.outputAmount } as QuoteValidationContext["deposit"],
    quote: {} as QuoteValidationContext["quote"],
  };
}

describe("checkEconomicBounds", () => {
  it("a route between different assets is bounded at Sluice's USD prices", () => {
    expect(isSameAssetRoute({ inputToken: usdcBase, outputToken: wethArb })).toBe(false);
    // 3,000 USDC for 0.99 WETH (2,970 USD): 100 bps, within the 300 bps maximum.
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 990_000_000_000_000_000n, usdPrices: prices }))).toEqual([]);
    // 0.7 WETH (2,100 USD): 3000 bps kept.
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 700_000_000_000_000_000n, usdPrices: prices })))
      .toEqual([expect.stringMatching(/delivers 3000 bps less than it takes at Sluice's USD prices/)]);
    // Just past the maximum: 0.969 WETH (2,907 USD) keeps 310 bps.
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 969_000_000_000_000_000n, usdPrices: prices }))).toHaveLength(1);
  });

  it("without a USD price for both sides a route between different assets is refused", () => {
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 10n ** 18n })))
      .toEqual([expect.stringMatching(/no USD price for USDC, so the quote cannot be bounded/)]);
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 10n ** 18n, usdPrices: { input: prices.input } as typeof prices })))
      .toEqual([expect.stringMatching(/no USD price for WETH/)]);
  });

  it.skipIf(!usdtArb)("two USD stablecoins are one asset: bounded 1:1 in whole units, no price needed", () => {
    expect(isSameAssetRoute({ inputToken: usdcBase, outputToken: usdtArb! })).toBe(true);
    expect(checkEconomicBounds(context({ output: usdtArb!, inputAmount: 100_000_000n, outputAmount: 99_000_000n }))).toEqual([]);
    expect(checkEconomicBounds(context({ output: usdtArb!, inputAmount: 100_000_000n, outputAmount: 90_000_000n }))).toHaveLength(1);
  });

  it("a deposit asking relayers for more than it takes is refused: same symbol strictly, after decimal scaling", () => {
    expect(checkEconomicBounds(context({ output: usdcArb, inputAmount: 25_000_000n, outputAmount: 25_000_000n }))).toEqual([]);
    expect(checkEconomicBounds(context({ output: usdcArb, inputAmount: 25_000_000n, outputAmount: 25_000_001n })))
      .toEqual([expect.stringMatching(/output of 25000001 base units exceeds its input of 25000000 base units of the same asset: no relayer fills it/)]);
    expect(checkEconomicBounds(context({ output: usdcArb, inputAmount: 25_000_000n, outputAmount: 50_000_000n }))).toHaveLength(1);
  });

  it("between two USD stablecoins of other decimals (USDC 6 → DAI 18) the output may exceed the input by at most the maximum", () => {
    // 100 USDC → 100.5 DAI (50 bps over 1:1): a stablecoin a little under its peg.
    expect(checkEconomicBounds(context({ output: daiArb, inputAmount: 100_000_000n, outputAmount: 100_500_000_000_000_000_000n }))).toEqual([]);
    // 100 USDC → 100 DAI and 1 wei more than 103 DAI.
    expect(checkEconomicBounds(context({ output: daiArb, inputAmount: 100_000_000n, outputAmount: 10n ** 20n }))).toEqual([]);
    expect(checkEconomicBounds(context({ output: daiArb, inputAmount: 100_000_000n, outputAmount: 103n * 10n ** 18n + 1n })))
      .toEqual([expect.stringMatching(/exceeds its input .* by more than 300 bps/)]);
    // 100 USDC → 200 DAI, the raw numbers read naively (200e18 ≫ 100e6) or scaled: refused.
    expect(checkEconomicBounds(context({ output: daiArb, inputAmount: 100_000_000n, outputAmount: 200n * 10n ** 18n }))).toHaveLength(1);
  });

  it("a route between different assets: the output is worth at most the input plus the maximum at Sluice's USD prices", () => {
    // 3,000 USDC for 1.02 WETH (3,060 USD): 200 bps over, within the maximum.
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 1_020_000_000_000_000_000n, usdPrices: prices }))).toEqual([]);
    // 3,000 USDC for 2 WETH (6,000 USD).
    expect(checkEconomicBounds(context({ output: wethArb, inputAmount: 3_000_000_000n, outputAmount: 2n * 10n ** 18n, usdPrices: prices })))
      .toEqual([expect.stringMatching(/output is worth 10000 bps more than its input at Sluice's USD prices.*no relayer fills it/)]);
  });
});
