import type { Address } from "viem";
import { chains, type ChainName } from "@sluice/core";
import type { DevnetTokenBehaviour, GenerateOptions, ScenarioPool, ScenarioToken } from "./scenarioSchema.js";
import { v3Fees } from "./scenarioSchema.js";
import { decimalString, seededRandom } from "./generateGraph.js";
import { deterministicTokenAddress } from "./resolveTokens.js";
import { ScenarioError } from "./scenarioError.js";

/** USD prices of the hub tokens (the wrapped native of polygon included). */
const hubUsd: Record<string, number> = { WETH: 3000, USDC: 1, USDT: 1, DAI: 1, WBTC: 60000, WPOL: 0.5 };
const oddKinds: DevnetTokenBehaviour[] = ["fee-on-transfer", "transfer-blocking", "rebasing"];

export type MainnetLikeGraph = {
  tokens: ScenarioToken[];
  pools: ScenarioPool[];
  /**
   * What the graph is made of, for tests (addresses lower-case): true USD prices, each pool's USD depth and the dust
   * pools (by `poolKey`), the non-standard tokens and the hubs.
   */
  meta: {
    usdPrice: Map<Address, number>; depthUsd: Map<string, number>; dustPools: Set<string>;
    oddTokens: Map<Address, DevnetTokenBehaviour>; hubs: Address[];
  };
};

/** A pool's identity independent of token order: protocol, sorted lower-case tokens, fee (V3). */
export function poolKey(protocol: "uniswap-v2" | "uniswap-v3", a: string, b: string, fee?: number): string {
  const [low, high] = [a.toLowerCase(), b.toLowerCase()].sort();
  return `${protocol}:${low}:${high}:${protocol === "uniswap-v3" ? fee : ""}`;
}

/**
 * A reproducible mainnet-like graph: the chain's hub tokens (added at their registry addresses unless the scenario
 * lists them) with deep pools among them (20–200 M USD); `oddTokens` non-standard tokens with deep pairs against the
 * wrapped native and USDC (so they would be attractive hops), and some tail tokens paired with them; `tokens` tail tokens
 * (prices 1e-4…1e3 USD) whose `pools` pools follow a power law (most a few thousand USD, a few tens of millions;
 * low-numbered tokens get more pools), 80% against a hub; of these, a `dustShare` are dust pools (at most 250 USD a side) quoting
 * a price 3–30 times off. Every token has quality 100 and traded today, so only behaviour and liquidity tell them apart.
 */
export function generateMainnetLikeGraph(chain: ChainName, options: GenerateOptions, listed: readonly ScenarioToken[], field: string): MainnetLikeGraph {
  const next = seededRandom(options.seed);
  const logUniform = (low: number, high: number) => Math.exp(Math.log(low) + next() * (Math.log(high) - Math.log(low)));
  const pickOf = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const tokens: ScenarioToken[] = [];
  const all: { address: Address; decimals: number; usd: number }[] = [];
  const meta: MainnetLikeGraph["meta"] = { usdPrice: new Map(), depthUsd: new Map(), dustPools: new Set(), oddTokens: new Map(), hubs: [] };
  const add = (token: ScenarioToken & { address: Address }, usd: number, listedAlready = false) => {
    if (!listedAlready) tokens.push(token);
    const address = token.address.toLowerCase() as Address;
    meta.usdPrice.set(address, usd);
    const entry = { address: token.address, decimals: token.decimals, usd };
    all.push(entry);
    return entry;
  };

  const hubs = chains[chain].curatedTokens.filter((t) => t.symbol in hubUsd).map((t) => {
    const already = listed.some((l) => l.address?.toLowerCase() === t.address.toLowerCase() || (l.curated && l.symbol === t.symbol));
    meta.hubs.push(t.address.toLowerCase() as Address);
    return add({ symbol: t.symbol, decimals: t.decimals, address: t.address, curated: true, quality: 100, lastTradedDaysAgo: 0 }, hubUsd[t.symbol]!, already);
  });
  const symbol = (kind: string, i: number) => `M${options.seed}${kind}${i}`;
  const newToken = (name: string, decimals: number, behaviour?: DevnetTokenBehaviour): ScenarioToken & { address: Address } => ({
    symbol: name, decimals, address: deterministicTokenAddress(chain, `mainnet-like:${name}`, 0), curated: false, quality: 100, lastTradedDaysAgo: 0,
    ...(behaviour ? { behaviour } : {}),
  });
  const tail = Array.from({ length: options.tokens }, (_, i) => add(newToken(symbol("T", i), pickOf([18, 18, 18, 6, 8])), logUniform(1e-4, 1e3)));
  const odd = Array.from({ length: options.oddTokens }, (_, i) => {
    const behaviour = oddKinds[i % oddKinds.length]!;
    const token = add(newToken(symbol(behaviour === "fee-on-transfer" ? "FOT" : behaviour === "rebasing" ? "REB" : "BLK", i), 18, behaviour), logUniform(0.1, 10));
    meta.oddTokens.set(token.address.toLowerCase() as Address, behaviour);
    return token;
  });

  const pools: ScenarioPool[] = [];
  const taken = new Set<string>();
  const pool = (a: typeof all[number], b: typeof all[number], depthUsd: number, v3: boolean, fee: number, priceFactor = 1): boolean => {
    const key = poolKey(v3 ? "uniswap-v3" : "uniswap-v2", a.address, b.address, fee);
    if (a.address === b.address || taken.has(key)) return false;
    taken.add(key);
    meta.depthUsd.set(key, depthUsd);
    const amount = (t: typeof a, usd: number) => {
      const digits = Math.min(t.decimals, 8);
      const text = decimalString(usd / t.usd, digits);
      return text === "0" ? decimalString(10 ** -digits, digits) : text;
    };
    // A dust pool's price is off by `priceFactor` (b per a, against the true price): one side holds half the depth
    // at the true price, the other less, so both sides stay dust-sized.
    const amountA = amount(a, (depthUsd / 2) * Math.min(1, 1 / priceFactor));
    const amountB = amount(b, (depthUsd / 2) * Math.min(1, priceFactor));
    if (!v3) {
      pools.push({ protocol: "uniswap-v2", tokens: [a.address, b.address], reserves: [amountA, amountB] });
      return true;
    }
    const price = (a.usd / b.usd) * priceFactor;
    const width = 0.1 + next() * 0.6;
    pools.push({ protocol: "uniswap-v3", tokens: [a.address, b.address], fee: fee as (typeof v3Fees)[number], price: decimalString(price, 18),
      positions: [{ priceLower: decimalString(price * (1 - width), 18), priceUpper: decimalString(price * (1 + width), 18), amounts: [amountA, amountB] }] });
    return true;
  };

  const isStable = (t: typeof all[number]) => t.usd === 1;
  for (let i = 0; i < hubs.length; i++) {
    for (let j = i + 1; j < hubs.length; j++) {
      const [a, b] = [hubs[i]!, hubs[j]!];
      pool(a, b, logUniform(2e7, 2e8), false, 0);
      pool(a, b, logUniform(2e7, 2e8), true, isStable(a) && isStable(b) ? 100 : 500);
    }
  }
  const native = hubs.find((h) => h.address.toLowerCase() === chains[chain].curatedTokens.find((t) => t.wrappedNative)?.address.toLowerCase()) ?? hubs[0];
  const usdc = hubs.find((h) => h.usd === 1) ?? hubs[0];
  for (const token of odd) {
    for (const hub of new Set([native, usdc])) if (hub) pool(token, hub, logUniform(2e6, 2e7), false, 0);
  }

  if (tail.length < 2 || hubs.length === 0) throw new ScenarioError(`${field}.tokens`, "a mainnet-like graph needs at least 2 tail tokens and a hub");
  const dustTarget = Math.round(options.pools * options.dustShare);
  let made = 0;
  let dust = 0;
  for (let attempts = 0; made < options.pools; attempts++) {
    if (attempts > options.pools * 50) throw new ScenarioError(`${field}.pools`, `too many pools for ${options.tokens} tokens; raise generate.tokens`);
    const v3 = next() < options.v3Share;
    const fee = pickOf(v3Fees);
    // Power law over the tail: token i is picked with probability falling with i (u² skews towards 0).
    const a = tail[Math.floor(next() ** 2 * tail.length)]!;
    if (dust < dustTarget) {
      const b = next() < 0.7 ? pickOf(hubs) : pickOf([...tail, ...hubs]);
      const factor = Math.exp((next() < 0.5 ? -1 : 1) * (Math.log(3) + next() * Math.log(10)));
      if (pool(a, b, logUniform(50, 500), v3, fee, factor)) {
        meta.dustPools.add(poolKey(v3 ? "uniswap-v3" : "uniswap-v2", a.address, b.address, fee));
        dust++;
        made++;
      }
      continue;
    }
    const roll = next();
    const b = roll < 0.8 ? pickOf(hubs) : roll < 0.95 || odd.length === 0 ? pickOf(tail) : pickOf(odd);
    const depthUsd = Math.min(5e7, 5e3 * (1 - next()) ** (-1 / 1.2));
    if (pool(a, b, depthUsd, v3, fee)) made++;
  }
  return { tokens, pools, meta };
}
