/**
 * Non-standard tokens on chain `base` (the devnet's contracts/odd, switched on after seeding) beside standard ones:
 * FOT (fee-on-transfer, V2), FOT3 (fee-on-transfer, only in a V3 pool), BLOCK (paused), REBASE (rebased +10% after its
 * pair was seeded), STD (standard, V2 and V3), and honeypots that can be bought and moved between wallets but not sold
 * (HONEY: a transfer into a pool reverts; HONEYTAX and HONEYTAX3 (only in a V3 pool): it loses 10%; HONEYLIVE: it
 * reverts unless tx.origin or tx.gasprice is 0, as in a bare eth_call). TAIL is reachable from WETH through FOT (deep)
 * or STD (shallower), so a router that hops through FOT pays more on paper.
 */
export const oddTokensScenario = {
  name: "odd-tokens",
  chains: {
    base: {
      tokens: [
        { symbol: "USDC", decimals: 6, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", curated: true },
        { symbol: "WETH", decimals: 18, address: "0x4200000000000000000000000000000000000006", curated: true },
        { symbol: "STD", decimals: 18 },
        { symbol: "TAIL", decimals: 18 },
        { symbol: "FOT", decimals: 18, behaviour: "fee-on-transfer" },
        { symbol: "FOT3", decimals: 18, behaviour: "fee-on-transfer" },
        { symbol: "BLOCK", decimals: 18, behaviour: "transfer-blocking" },
        { symbol: "REBASE", decimals: 18, behaviour: "rebasing" },
        { symbol: "HONEY", decimals: 18, behaviour: "sell-blocking" },
        { symbol: "HONEYTAX", decimals: 18, behaviour: "sell-tax" },
        { symbol: "HONEYTAX3", decimals: 18, behaviour: "sell-tax" },
        { symbol: "HONEYLIVE", decimals: 18, behaviour: "live-sell-blocking" },
      ],
      pools: [
        { protocol: "uniswap-v2", tokens: ["USDC", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v2", tokens: ["STD", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v3", tokens: ["WETH", "STD"], fee: 3000, price: "3000",
          positions: [{ priceLower: "2000", priceUpper: "4500", amounts: ["100", "300000"] }] },
        { protocol: "uniswap-v2", tokens: ["FOT", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v3", tokens: ["WETH", "FOT3"], fee: 3000, price: "3000",
          positions: [{ priceLower: "2000", priceUpper: "4500", amounts: ["100", "300000"] }] },
        { protocol: "uniswap-v2", tokens: ["BLOCK", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v2", tokens: ["REBASE", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v2", tokens: ["TAIL", "FOT"], reserves: ["3000000", "3000000"] },
        { protocol: "uniswap-v2", tokens: ["TAIL", "STD"], reserves: ["100000", "100000"] },
        { protocol: "uniswap-v2", tokens: ["HONEY", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v2", tokens: ["HONEYTAX", "WETH"], reserves: ["3000000", "1000"] },
        { protocol: "uniswap-v3", tokens: ["WETH", "HONEYTAX3"], fee: 3000, price: "3000",
          positions: [{ priceLower: "2000", priceUpper: "4500", amounts: ["100", "300000"] }] },
        { protocol: "uniswap-v2", tokens: ["HONEYLIVE", "WETH"], reserves: ["3000000", "1000"] },
      ],
    },
  },
};
