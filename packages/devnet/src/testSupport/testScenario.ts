/**
 * A small scenario that touches every feature (curated and generated tokens, V2 and every V3 tier, inverted token
 * order, stale and low-quality tokens, a duplicate symbol, wallets) and seeds in about a second.
 */
export const sampleWallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const fakeUsdcOnBase = "0x00000000000000000000000000000000000f4ce1";

export const testScenario = {
  name: "test",
  chains: {
    base: {
      tokens: [
        { symbol: "USDC", decimals: 6, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", curated: true },
        { symbol: "WETH", decimals: 18, address: "0x4200000000000000000000000000000000000006", curated: true },
        { symbol: "WBTC", decimals: 8, curated: true },
        { symbol: "DEGEN", decimals: 18 },
        { symbol: "STALE", decimals: 18, lastTradedDaysAgo: 5 },
        { symbol: "SCAM", decimals: 18, quality: 20 },
        { symbol: "USDC", decimals: 6, address: fakeUsdcOnBase, quality: 5 },
      ],
      pools: [
        { protocol: "uniswap-v2", tokens: ["0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v3", tokens: ["WETH", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"], fee: 500, price: "3000",
          positions: [{ priceLower: "2000", priceUpper: "4500", amounts: ["400", "1500000"] }, { priceLower: "2900", priceUpper: "3100", amounts: ["100", "300000"] }] },
        { protocol: "uniswap-v3", tokens: ["0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "WETH"], fee: 3000, price: "0.000333333",
          positions: [{ priceLower: "0.0002", priceUpper: "0.0005", amounts: ["500000", "200"] }] },
        { protocol: "uniswap-v3", tokens: ["WBTC", "WETH"], fee: 100, price: "20", positions: [{ priceLower: "19", priceUpper: "21", amounts: ["10", "200"] }] },
        { protocol: "uniswap-v3", tokens: ["DEGEN", "WETH"], fee: 10000, price: "0.0000025",
          positions: [{ priceLower: "0.000003", priceUpper: "0.00001", amounts: ["1000000", "0"] }] },
        { protocol: "uniswap-v2", tokens: ["DEGEN", "WETH"], reserves: ["50000000", "120"] },
        { protocol: "uniswap-v2", tokens: ["STALE", "WETH"], reserves: ["1000000", "30"] },
        { protocol: "uniswap-v2", tokens: ["SCAM", fakeUsdcOnBase], reserves: ["1000000", "1000"] },
      ],
      wallets: [{ address: sampleWallet, native: "10", balances: { "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913": "25000", WETH: "3" } }],
    },
    polygon: {
      tokens: [
        { symbol: "WPOL", decimals: 18, curated: true },
        { symbol: "USDC", decimals: 6, curated: true },
        { symbol: "OLD", decimals: 18, lastTradedDaysAgo: 12 },
      ],
      pools: [
        { protocol: "uniswap-v2", tokens: ["WPOL", "USDC"], reserves: ["2000000", "1000000"] },
        { protocol: "uniswap-v3", tokens: ["WPOL", "USDC"], fee: 500, price: "0.5", positions: [{ priceLower: "0.4", priceUpper: "0.6", amounts: ["100000", "50000"] }] },
        { protocol: "uniswap-v2", tokens: ["OLD", "WPOL"], reserves: ["1000", "2000"] },
      ],
    },
  },
};
