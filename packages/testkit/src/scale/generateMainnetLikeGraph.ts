/**
 * A mainnet-like pool universe, in process (benchmarks and routing tests): hub tokens (WETH, USDC, USDT, DAI, WBTC at
 * base's real addresses), a long tail of tokens whose liquidity follows a power law, most pools against a hub, some
 * between tail tokens, deep pools between the hubs, thousands of dust pools quoting wrong prices, and non-standard tokens flagged (fee-on-transfer,
 * transfer-blocking, rebasing) with low quality. Deterministic for a seed.
 */
import type { Address } from "viem";
import { chains, emptyGraph, getSqrtRatioAtTick, indexPoolsByToken, V2Pool, type ChainGraph } from "@sluice/core";
import { makeV3Pool } from "../pools/v3Fixtures.js";
import { seededRandom } from "./seededRandom.js";

export type GenerateMainnetLikeGraphParameters = { v2Pools: number; v3Pools: number; tokens: number; seed?: number; dustShare?: number };

export type GeneratedUniverse = {
  graph: ChainGraph;
  /** Tokens flagged non-standard (never hops; refused as input or output). */
  nonStandard: Set<Address>;
  /** Pools deliberately mispriced and tiny. */
  dust: Set<Address>;
};

const HUBS = ["WETH", "USDC", "USDT", "DAI", "WBTC"] as const;
const HUB_USD: Record<string, number> = { WETH: 3000, USDC: 1, USDT: 1, DAI: 1, WBTC: 60000 };


const addressOf = (prefix: number, n: number) => `0x${prefix.toString(16).padStart(2, "0")}${n.toString(16).padStart(38, "0")}` as Address;

export function generateMainnetLikeGraph(p: GenerateMainnetLikeGraphParameters): GeneratedUniverse {
  const random = seededRandom(p.seed ?? 1);
  const graph = emptyGraph("base", 8453);
  graph.block = 1_000_000n;
  graph.blockTimestamp = 1_800_000_000;
  const hubs = HUBS.map((symbol) => {
    const t = chains.base.curatedTokens.find((c) => c.symbol === symbol) ?? { address: addressOf(0xaa, HUBS.indexOf(symbol)), decimals: 18 };
    const address = t.address.toLowerCase() as Address;
    graph.tokens.set(address, { address, symbol, decimals: t.decimals, quality: 100, lastTradeAt: graph.blockTimestamp });
    return { address, decimals: t.decimals, usd: HUB_USD[symbol]! };
  });
  const nonStandard = new Set<Address>();
  const tail: { address: Address; decimals: number; usd: number }[] = [];
  for (let i = 0; i < p.tokens - hubs.length; i++) {
    const address = addressOf(0x10, i + 1);
    const odd = random() < 0.02;
    if (odd) nonStandard.add(address);
    const decimals = random() < 0.8 ? 18 : 6;
    graph.tokens.set(address, { address, symbol: `T${i}`, decimals, quality: odd ? 10 : random() < 0.7 ? 100 : 40, lastTradeAt: graph.blockTimestamp - Math.floor(random() * 10 * 86_400) });
    tail.push({ address, decimals, usd: Math.exp(-4 + random() * 8) });
  }
  const dust = new Set<Address>();
  // Power-law liquidity: most pools hold a few hundred dollars, a few hold millions.
  const liquidityUsd = () => 200 * Math.pow(1 - random(), -1.6);
  const pick = () => (random() < 0.85 ? hubs[Math.floor(random() * hubs.length)]! : tail[Math.floor(random() * tail.length)]!);
  const raw = (usd: number, token: { decimals: number; usd: number }) => BigInt(Math.max(1, Math.floor((usd / token.usd) * 10 ** Math.min(token.decimals, 12)))) * 10n ** BigInt(Math.max(0, token.decimals - 12));
  let n = 0;
  // The hubs trade against each other in deep pools (tens of millions of dollars), as on a real chain.
  for (let i = 0; i < hubs.length; i++) {
    for (let j = i + 1; j < hubs.length; j++) {
      const [t0, t1] = hubs[i]!.address < hubs[j]!.address ? [hubs[i]!, hubs[j]!] : [hubs[j]!, hubs[i]!];
      const address = addressOf(0x40, ++n);
      graph.pools.set(address, new V2Pool({ address, token0: t0.address, token1: t1.address, reserve0: raw(2e7, t0), reserve1: raw(2e7, t1) }));
    }
  }
  for (let i = 0; i < p.v2Pools + p.v3Pools; i++) {
    const a = tail[Math.floor(random() * tail.length)]!;
    const b = pick();
    if (a.address === b.address) continue;
    const isDust = random() < (p.dustShare ?? 0.05);
    const usd = isDust ? 20 : liquidityUsd();
    const mispricing = isDust ? 0.2 + random() * 5 : 1;
    const [t0, t1] = a.address < b.address ? [a, b] : [b, a];
    const address = addressOf(i < p.v2Pools ? 0x20 : 0x30, ++n);
    if (isDust) dust.add(address);
    if (i < p.v2Pools) {
      graph.pools.set(address, new V2Pool({ address, token0: t0.address, token1: t1.address, reserve0: raw(usd / 2, t0) * BigInt(Math.round(mispricing * 1000)) / 1000n, reserve1: raw(usd / 2, t1) }));
    } else {
      // Price token1/token0 in raw units, as a tick; liquidity spread over a few positions around it.
      const price = (t0.usd / t1.usd) * 10 ** (t1.decimals - t0.decimals) * mispricing;
      const tick = Math.max(-800_000, Math.min(800_000, Math.round(Math.log(price) / Math.log(1.0001))));
      const spacing = 60;
      const center = Math.round(tick / spacing) * spacing;
      const liquidity = BigInt(Math.max(1, Math.floor(Math.sqrt(Number(raw(usd / 2, t0)) * Number(raw(usd / 2, t1))))));
      graph.pools.set(address, makeV3Pool({
        address, token0: t0.address, token1: t1.address, fee: 3000, tickSpacing: spacing, sqrtPriceX96: getSqrtRatioAtTick(center) + 1n,
        positions: [
          { tickLower: center - 600 * spacing, tickUpper: center + 600 * spacing, liquidity },
          { tickLower: center - 20 * spacing, tickUpper: center + 20 * spacing, liquidity: liquidity * 3n },
        ],
      }) as never);
    }
  }
  indexPoolsByToken(graph);
  return { graph, nonStandard, dust };
}
