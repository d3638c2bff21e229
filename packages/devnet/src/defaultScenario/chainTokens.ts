import type { ChainName } from "@sluice/core";

/** A token of the default scenario with its rough USD price (late-2020s ballpark, for realistic pool sizes only). */
export type TokenSpec = {
  symbol: string;
  decimals: number;
  usd: number;
  quality?: number;
  lastTradedDaysAgo?: number;
  /** Pool venues against the hub tokens; `meme` tokens sit in 1% V3 pools, the rest in 0.3%. */
  style?: "bluechip" | "meme";
};

/** Tokens beyond the registry's curated ones, per chain: familiar names, no real addresses (they are generated). */
export const extraTokens: Record<ChainName, TokenSpec[]> = {
  ethereum: [
    { symbol: "LINK", decimals: 18, usd: 15, style: "bluechip" },
    { symbol: "UNI", decimals: 18, usd: 8, style: "bluechip" },
    { symbol: "AAVE", decimals: 18, usd: 150, style: "bluechip" },
    { symbol: "MKR", decimals: 18, usd: 1500, style: "bluechip" },
    { symbol: "LDO", decimals: 18, usd: 2 },
    { symbol: "wstETH", decimals: 18, usd: 3500, style: "bluechip" },
    { symbol: "CRV", decimals: 18, usd: 0.4 },
    { symbol: "PEPE", decimals: 18, usd: 0.00001, style: "meme" },
    { symbol: "SHIB", decimals: 18, usd: 0.00002, style: "meme" },
    { symbol: "ENS", decimals: 18, usd: 20 },
  ],
  base: [
    { symbol: "AERO", decimals: 18, usd: 1, style: "bluechip" },
    { symbol: "cbBTC", decimals: 8, usd: 60000, style: "bluechip" },
    { symbol: "cbETH", decimals: 18, usd: 3200, style: "bluechip" },
    { symbol: "wstETH", decimals: 18, usd: 3500, style: "bluechip" },
    { symbol: "VIRTUAL", decimals: 18, usd: 1.5 },
    { symbol: "MORPHO", decimals: 18, usd: 2 },
    { symbol: "DEGEN", decimals: 18, usd: 0.008, style: "meme" },
    { symbol: "BRETT", decimals: 18, usd: 0.1, style: "meme" },
    { symbol: "TOSHI", decimals: 18, usd: 0.0002, style: "meme" },
    { symbol: "EURC", decimals: 6, usd: 1.08 },
  ],
  arbitrum: [
    { symbol: "ARB", decimals: 18, usd: 0.8, style: "bluechip" },
    { symbol: "GMX", decimals: 18, usd: 25, style: "bluechip" },
    { symbol: "LINK", decimals: 18, usd: 15, style: "bluechip" },
    { symbol: "wstETH", decimals: 18, usd: 3500, style: "bluechip" },
    { symbol: "PENDLE", decimals: 18, usd: 4 },
    { symbol: "MAGIC", decimals: 18, usd: 0.4 },
    { symbol: "UNI", decimals: 18, usd: 8 },
    { symbol: "GRAIL", decimals: 18, usd: 800 },
    { symbol: "RDNT", decimals: 18, usd: 0.05, style: "meme" },
    { symbol: "USDC.e", decimals: 6, usd: 1 },
  ],
  polygon: [
    { symbol: "LINK", decimals: 18, usd: 15, style: "bluechip" },
    { symbol: "AAVE", decimals: 18, usd: 150, style: "bluechip" },
    { symbol: "QUICK", decimals: 18, usd: 0.03 },
    { symbol: "CRV", decimals: 18, usd: 0.4 },
    { symbol: "SAND", decimals: 18, usd: 0.3 },
    { symbol: "MANA", decimals: 18, usd: 0.35 },
    { symbol: "GHST", decimals: 18, usd: 1 },
    { symbol: "stMATIC", decimals: 18, usd: 0.55, style: "bluechip" },
    { symbol: "TEL", decimals: 2, usd: 0.004, style: "meme" },
    { symbol: "USDC.e", decimals: 6, usd: 1 },
  ],
};

/** USD prices of the registry's curated tokens by symbol. */
export const curatedUsd: Record<string, number> = { WETH: 3000, WPOL: 0.5, USDC: 1, USDT: 1, DAI: 1, WBTC: 60000 };

/**
 * Tokens that make the scenario look like a real chain's long tail, the same on every chain: stale ones (no trade
 * for days), low-quality ones, a thin one a large trade wrecks, and a chain of tokens reachable only through hops.
 */
export const tailTokens: TokenSpec[] = [
  { symbol: "OLDDAO", decimals: 18, usd: 0.9, lastTradedDaysAgo: 5 },
  { symbol: "FROZEN", decimals: 18, usd: 0.02, lastTradedDaysAgo: 12 },
  { symbol: "SCAM", decimals: 18, usd: 0.001, quality: 20 },
  { symbol: "RUGME", decimals: 9, usd: 0.0005, quality: 5 },
  { symbol: "MEH", decimals: 18, usd: 0.3, quality: 60 },
  { symbol: "THIN", decimals: 18, usd: 2 },
  { symbol: "HOP1", decimals: 18, usd: 3 },
  { symbol: "HOP2", decimals: 18, usd: 0.7 },
  { symbol: "HOP3", decimals: 6, usd: 12 },
  { symbol: "LADDER", decimals: 18, usd: 1 },
];
