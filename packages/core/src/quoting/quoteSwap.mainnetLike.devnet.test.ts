/**
 * Routing through a mainnet-like devnet (hubs, power-law tail, dust pools priced wrong, non-standard tokens): no route
 * hops through a non-standard token or a dust pool, dust causes no price-impact refusal where real liquidity is deep,
 * and the non-standard tokens are refused as input or output.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import { poolKey } from "@sluice/devnet";
import { mainnetLikeGraph, mainnetLikeScenario, startQuotingTestbed, startTestRedis, type QuotingTestbed, type TestRedis } from "@sluice/testkit";
import { SluiceError } from "../errors/SluiceError.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { loadGraph } from "../indexer/loadGraph.js";
import { refreshTokenBehaviours } from "../tokens/behaviour/refreshTokenBehaviours.js";
import { quoteSwap } from "./quoteSwap.js";
import type { SwapQuote } from "./swapQuote.js";
import { usdPerRawUnit } from "./valueInUsd.js";

let bed: QuotingTestbed;
let store: TestRedis;
let graph: ChainGraph;
const universe = mainnetLikeGraph();
const { usdPrice, dustPools, oddTokens, hubs, depthUsd } = universe.meta;

beforeAll(async () => {
  [bed, store] = await Promise.all([startQuotingTestbed(mainnetLikeScenario), startTestRedis()]);
  graph = await loadGraph(bed.source);
}, 1_200_000);
afterAll(async () => {
  await bed?.stop();
  await store?.close();
});

const decimalsOf = (token: Address) => graph.tokens.get(token)!.decimals;
/** `usd` dollars of the token as a decimal string. */
const worth = (token: Address, usd: number) => (usd / usdPrice.get(token)!).toFixed(Math.min(decimalsOf(token), 8));
const quote = (from: Address, to: Address, usd: number) => quoteSwap({
  chain: "base", deployment: bed.source.deployment, source: bed.source, routingGraphs: bed.routingGraphs, withPermit: false,
  from: { token: from }, to: { token: to }, amount: worth(from, usd), tokenBehaviour: { redis: store.redis },
});
const outcome = (work: Promise<SwapQuote>) => work.then((q) => q, (e: unknown) => {
  if (e instanceof SluiceError) return e;
  throw e;
});
const tail = universe.tokens.filter((t) => !t.curated && !t.behaviour).map((t) => t.address!.toLowerCase() as Address);
/** The token's deepest ordinary (not dust) pool against a hub, in USD. */
const deepestHubPool = (token: Address) => Math.max(0, ...hubs.flatMap((hub) => [...depthUsd]
  .filter(([key]) => !dustPools.has(key) && key.includes(token) && key.includes(hub)).map(([, d]) => d)));

describe("a mainnet-like devnet", () => {
  it("the indexer cron's step classifies every token as seeded (odd ones by kind, the rest standard)", async () => {
    const { behaviours } = await refreshTokenBehaviours({ redis: store.redis, client: bed.client, graph, limit: 1000 });
    for (const token of graph.tokens.keys()) {
      expect(behaviours.get(token)?.behaviour, token).toBe(oddTokens.get(token) ?? "standard");
    }
  });

  it("routes between hubs and the tail never hop through a non-standard token or a dust pool", async () => {
    const weth = hubs[0]!;
    const usdc = hubs[1]!;
    let routed = 0;
    for (const token of tail) {
      for (const [from, to] of [[weth, token], [token, usdc]] as const) {
        const result = await outcome(quote(from, to, 500));
        if (result instanceof SluiceError) {
          expect(["NO_ROUTE", "PRICE_IMPACT_TOO_HIGH"], result.message).toContain(result.code);
          continue;
        }
        routed++;
        for (const hop of result.route.splits.flatMap((s) => s.hops)) {
          expect(oddTokens.has(hop.tokenIn) || oddTokens.has(hop.tokenOut), `${hop.tokenIn} → ${hop.tokenOut}`).toBe(false);
          expect(dustPools.has(poolKey(hop.protocol, hop.tokenIn, hop.tokenOut, hop.fee)), `dust pool ${hop.poolAddress}`).toBe(false);
        }
      }
    }
    expect(routed).toBeGreaterThan(tail.length); // most of the tail is reachable
  });

  it("dust pools cause no price-impact refusal where a token has deep liquidity to a hub", async () => {
    const deep = tail.filter((token) => deepestHubPool(token) >= 50_000);
    expect(deep.length).toBeGreaterThan(5);
    // The reference prices (price impact, USD values) are not taken from dust: within 5% of the true price.
    for (const token of deep) {
      const ratio = usdPerRawUnit(graph, token)!;
      const perToken = (Number(ratio.numerator) / Number(ratio.denominator)) * 10 ** decimalsOf(token);
      expect(Math.abs(perToken / usdPrice.get(token)! - 1), token).toBeLessThan(0.05);
    }
    for (const token of deep) {
      for (const hub of hubs) {
        const result = await outcome(quote(hub, token, 100));
        expect(result instanceof SluiceError ? `${result.code}: ${result.message}` : "quoted", token).toBe("quoted");
        expect((result as SwapQuote).priceImpactBps).toBeLessThan(500);
      }
    }
  });

  it("refuses every non-standard token as input and as output, naming its behaviour", async () => {
    for (const [token, behaviour] of oddTokens) {
      for (const [from, to] of [[token, hubs[1]!], [hubs[0]!, token]] as const) {
        const result = await outcome(quote(from, to, 100));
        expect(result).toBeInstanceOf(SluiceError);
        expect((result as SluiceError).code).toBe("UNSUPPORTED_TOKEN");
        expect((result as SluiceError).message).toContain(`is a ${behaviour} token; Sluice does not route it`);
      }
    }
  });
});
