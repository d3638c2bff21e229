import type { ChainName } from "@sluice/core";
import type { GenerateOptions, ScenarioPool, ScenarioToken } from "./scenarioSchema.js";
import { v3Fees } from "./scenarioSchema.js";
import { deterministicTokenAddress } from "./resolveTokens.js";
import { ScenarioError } from "./scenarioError.js";

/** mulberry32: tiny, fast and the same on every machine; `seed` fully determines the graph. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A float as a plain decimal string with at most `fractionDigits` decimals (never exponent notation). */
export function decimalString(value: number, fractionDigits: number): string {
  const rounded = Number(value.toPrecision(10));
  const scaled = BigInt(Math.round(rounded * 10 ** fractionDigits)).toString().padStart(fractionDigits + 1, "0");
  if (fractionDigits === 0) return scaled;
  const text = `${scaled.slice(0, -fractionDigits)}.${scaled.slice(-fractionDigits)}`.replace(/\.?0+$/, "");
  return text === "" ? "0" : text;
}

/**
 * A reproducible random pool graph for benchmarks: `tokens` new tokens with log-uniform USD prices (1e-4 … 1e4),
 * and `pools` pools between random pairs, V3 with probability `v3Share` (random fee tier, one or two positions
 * around the price), depths log-uniform between 2 thousand and 20 million USD. Pools reference tokens by address.
 */
export function generateGraph(chain: ChainName, options: Pick<GenerateOptions, "tokens" | "pools" | "v3Share" | "seed">, field: string): { tokens: ScenarioToken[]; pools: ScenarioPool[] } {
  const next = seededRandom(options.seed);
  const logUniform = (low: number, high: number) => Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));
  const decimalChoices = [18, 18, 18, 6, 8];

  const width = String(options.tokens).length;
  const tokens: (ScenarioToken & { address: `0x${string}` })[] = [];
  const usdPrice: number[] = [];
  for (let i = 0; i < options.tokens; i++) {
    const symbol = `G${options.seed}T${String(i).padStart(width, "0")}`;
    tokens.push({
      symbol,
      decimals: decimalChoices[Math.floor(next() * decimalChoices.length)]!,
      address: deterministicTokenAddress(chain, `generate:${symbol}`, 0),
      curated: false,
      quality: 100,
      lastTradedDaysAgo: 0,
    });
    usdPrice.push(logUniform(1e-4, 1e4));
  }

  const pairCount = (options.tokens * (options.tokens - 1)) / 2;
  if (options.pools > pairCount * (1 + v3Fees.length) * 0.5) {
    throw new ScenarioError(`${field}.pools`, `too many pools for ${options.tokens} tokens; raise generate.tokens`);
  }
  const taken = new Set<string>();
  const pools: ScenarioPool[] = [];
  while (pools.length < options.pools) {
    const i = Math.floor(next() * options.tokens);
    const j = Math.floor(next() * options.tokens);
    const isV3 = next() < options.v3Share;
    const fee = v3Fees[Math.floor(next() * v3Fees.length)]!;
    const depthUsd = logUniform(2e3, 2e7);
    const key = `${Math.min(i, j)}:${Math.max(i, j)}:${isV3 ? fee : "v2"}`;
    if (i === j || taken.has(key)) continue;
    taken.add(key);
    const [a, b] = [tokens[i]!, tokens[j]!];
    const amountA = decimalString(depthUsd / 2 / usdPrice[i]!, Math.min(a.decimals, 8));
    const amountB = decimalString(depthUsd / 2 / usdPrice[j]!, Math.min(b.decimals, 8));
    if (!isV3) {
      pools.push({ protocol: "uniswap-v2", tokens: [a.address, b.address], reserves: [amountA, amountB] });
      continue;
    }
    const price = usdPrice[i]! / usdPrice[j]!;
    const width = 0.05 + next() * 0.75;
    const positions = [{ priceLower: decimalString(price * (1 - width), 18), priceUpper: decimalString(price * (1 + width), 18), amounts: [amountA, amountB] as [string, string] }];
    pools.push({ protocol: "uniswap-v3", tokens: [a.address, b.address], fee, price: decimalString(price, 18), positions });
  }
  return { tokens, pools };
}
