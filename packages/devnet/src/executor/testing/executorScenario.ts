/**
 * The devnet scenario the executor's tests run on (chain `base`): four plain tokens priced 1:1, two V2 pairs and
 * three V3 pools. Each V3 pool holds a narrow position (ticks -600..600) and a wide one (-6000..6000), so a large
 * swap exhausts the narrow one and crosses initialized ticks.
 */
const narrow = { priceLower: "0.9418", priceUpper: "1.0618", amounts: ["20", "20"] };
const wide = { priceLower: "0.5488", priceUpper: "1.8221", amounts: ["300", "300"] };
const v3 = (a: string, b: string) => ({ protocol: "uniswap-v3", tokens: [a, b], fee: 3000, price: "1", positions: [narrow, wide] });

export const executorTestChain = "base" as const;

export const executorScenario = {
  name: "executor-tests",
  chains: {
    [executorTestChain]: {
      tokens: ["TKA", "TKB", "TKC", "TKD"].map((symbol) => ({ symbol, decimals: 18 })),
      pools: [
        { protocol: "uniswap-v2", tokens: ["TKA", "TKB"], reserves: ["500", "500"] },
        { protocol: "uniswap-v2", tokens: ["TKB", "TKC"], reserves: ["400", "400"] },
        v3("TKA", "TKB"),
        v3("TKA", "TKC"),
        v3("TKC", "TKD"),
      ],
      wallets: [],
    },
  },
};
