/**
 * The quoting tests' scenario (chain `base`): pools of every kind with known state — a V3 pool with many staggered
 * positions (many initialized ticks), a thin V3 pool a trade can drain, V2 pairs (one isolated, for exact price impact),
 * tokens priced 1 USD (TKA through a 100000/100000 USDC pair) and 2 USD (TKD through TKA).
 */
const USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const ladder = Array.from({ length: 10 }, (_, i) => ({
  priceLower: (2 * (1 - 0.04 * (i + 1))).toFixed(4),
  priceUpper: (2 * (1 + 0.05 * (i + 1))).toFixed(4),
  amounts: ["50", "100"],
}));

export const quotingScenario = {
  name: "quoting-tests",
  chains: {
    base: {
      tokens: [
        { symbol: "USDC", decimals: 6, address: USDC, curated: true },
        { symbol: "WETH", decimals: 18, address: "0x4200000000000000000000000000000000000006", curated: true },
        { symbol: "TKA", decimals: 18 },
        { symbol: "TKB", decimals: 18 },
        { symbol: "TKC", decimals: 6 },
        { symbol: "TKD", decimals: 18 },
        { symbol: "TKE", decimals: 18 },
        { symbol: "TKF", decimals: 8 },
      ],
      pools: [
        { protocol: "uniswap-v2", tokens: ["TKA", "TKB"], reserves: ["1000", "2000"] },
        { protocol: "uniswap-v3", tokens: ["TKA", "TKB"], fee: 3000, price: "2", positions: ladder },
        { protocol: "uniswap-v3", tokens: ["TKA", "TKC"], fee: 500, price: "1", positions: [{ priceLower: "0.98", priceUpper: "1.02", amounts: ["20", "20"] }] },
        { protocol: "uniswap-v3", tokens: ["TKC", "TKB"], fee: 100, price: "2",
          positions: [{ priceLower: "1.5", priceUpper: "2.5", amounts: ["200", "400"] }, { priceLower: "1.9", priceUpper: "2.1", amounts: ["100", "200"] }] },
        { protocol: "uniswap-v2", tokens: [USDC, "TKA"], reserves: ["100000", "100000"] },
        { protocol: "uniswap-v2", tokens: ["TKD", "TKA"], reserves: ["1000", "2000"] },
        { protocol: "uniswap-v3", tokens: ["WETH", USDC], fee: 500, price: "3000", positions: [{ priceLower: "2000", priceUpper: "4500", amounts: ["400", "1500000"] }] },
        { protocol: "uniswap-v2", tokens: ["TKE", "TKF"], reserves: ["1000", "500"] },
      ],
      wallets: [],
    },
  },
};
