import { describe, expect, it } from "vitest";
import { parseScenario } from "./parseScenario.js";
import { resolveScenario } from "./resolveScenario.js";
import { startDevnet } from "../startDevnet.js";
import { ScenarioError } from "./scenarioError.js";

const usdc = { symbol: "USDC", decimals: 6, curated: true };
const weth = { symbol: "WETH", decimals: 18, curated: true };

function refusal(base: object): string {
  try {
    resolveScenario(parseScenario(base));
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error("the scenario was accepted");
}

const withBase = (chain: object) => ({ name: "bad", chains: { base: chain } });

describe("a malformed scenario is refused with the field named", () => {
  it.each([
    [withBase({ tokens: [usdc, weth], pools: [{ protocol: "uniswap-v3", tokens: ["USDC", "WETH"], fee: 123, price: "1" }] }),
      "chains.base.pools[0].fee: must be one of 100, 500, 3000, 10000"],
    [{ name: "bad", chains: { solana: {} } }, "chains.solana: unknown chain"],
    [withBase({ tokens: [{ symbol: "X" }] }), "chains.base.tokens[0].decimals:"],
    [withBase({ tokens: [{ symbol: "X", decimals: 18, quality: 101 }] }), "chains.base.tokens[0].quality: must be between 0 and 100"],
    [withBase({ tokens: [{ symbol: "X", decimals: 18, colour: "red" }] }), "chains.base.tokens[0].colour: unknown field"],
    [withBase({ tokens: [usdc], pools: [{ protocol: "curve", tokens: ["USDC", "WETH"] }] }), "chains.base.pools[0].protocol:"],
    [withBase({ tokens: [usdc, weth], pools: [{ protocol: "uniswap-v2", tokens: ["USDC", "WETH"], reserves: ["1", "-2"] }] }),
      "chains.base.pools[0].reserves[1]:"],
    [withBase({ tokens: [usdc], pools: [{ protocol: "uniswap-v2", tokens: ["USDC", "DOGE"], reserves: ["1", "2"] }] }),
      'chains.base.pools[0].tokens[1]: unknown token "DOGE"'],
    [withBase({ tokens: [usdc, weth], pools: [
      { protocol: "uniswap-v2", tokens: ["USDC", "WETH"], reserves: ["3000", "1"] },
      { protocol: "uniswap-v2", tokens: ["WETH", "USDC"], reserves: ["1", "3000"] }] }), "chains.base.pools[1].tokens: a uniswap-v2 pool"],
    [withBase({ tokens: [usdc, weth], pools: [{ protocol: "uniswap-v2", tokens: ["USDC", "WETH"], reserves: ["3000.0000001", "1"] }] }),
      "chains.base.pools[0].reserves[0]: \"3000.0000001\" has more decimal places than USDC's 6"],
    [withBase({ tokens: [{ ...usdc, decimals: 18 }] }), "chains.base.tokens[0].decimals: USDC has 6 decimals on base"],
    [withBase({ tokens: [usdc, { symbol: "USDC", decimals: 6 }], wallets: [{ address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", balances: { USDC: "1" } }] }),
      'chains.base.wallets[0].balances.USDC: 2 tokens share the symbol "USDC"'],
    [withBase({ tokens: [usdc, weth], pools: [{ protocol: "uniswap-v3", tokens: ["WETH", "USDC"], fee: 500, price: "3000",
      positions: [{ priceLower: "3000", priceUpper: "3000.01", amounts: ["1", "3000"] }] }] }), "chains.base.pools[0].positions[0].priceUpper: priceLower and priceUpper round to the same tick"],
    [withBase({ tokens: [usdc, weth, { symbol: "NEW", decimals: 18 }, { symbol: "OLD", decimals: 18, lastTradedDaysAgo: 4 }],
      pools: [{ protocol: "uniswap-v2", tokens: ["NEW", "OLD"], reserves: ["1000", "1000"] }] }), "chains.base.tokens[2].lastTradedDaysAgo:"],
  ])("%#: %s", (scenario, message) => {
    expect(refusal(scenario)).toContain(message);
  });

  it("refuses before starting any node", async () => {
    const started = Date.now();
    await expect(startDevnet({ scenario: withBase({ pools: [{ protocol: "uniswap-v3", fee: 1 }] }), basePort: 0 })).rejects.toThrow(
      /^chains\.base\.pools\[0\]\./,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
