import { describe, expect, it } from "vitest";
import { chains } from "@sluice/core";
import { generateMainnetLikeGraph } from "./generateMainnetLikeGraph.js";
import { parseScenario } from "./parseScenario.js";
import { resolveScenario } from "./resolveScenario.js";

const options = { mode: "mainnet-like" as const, tokens: 60, pools: 300, v3Share: 0.5, seed: 7, dustShare: 0.3, oddTokens: 6 };

describe("generate: mainnet-like", () => {
  it("gives the same graph for the same seed and another for another seed", () => {
    const strip = (g: ReturnType<typeof generateMainnetLikeGraph>) => ({ tokens: g.tokens, pools: g.pools });
    expect(strip(generateMainnetLikeGraph("base", options, [], "g"))).toEqual(strip(generateMainnetLikeGraph("base", options, [], "g")));
    expect(strip(generateMainnetLikeGraph("base", { ...options, seed: 8 }, [], "g"))).not.toEqual(strip(generateMainnetLikeGraph("base", options, [], "g")));
  });

  it("has the hubs with deep pools among them, the odd tokens of each kind, the dust share and a power law", () => {
    const g = generateMainnetLikeGraph("base", options, [], "g");
    const hubs = chains.base.curatedTokens.filter((t) => ["WETH", "USDC", "USDT", "DAI", "WBTC"].includes(t.symbol));
    expect(g.meta.hubs).toEqual(hubs.map((t) => t.address.toLowerCase()));
    expect(g.tokens.filter((t) => t.curated).map((t) => t.symbol)).toEqual(hubs.map((t) => t.symbol));
    expect([...g.meta.oddTokens.values()].sort()).toEqual(["fee-on-transfer", "fee-on-transfer", "rebasing", "rebasing", "transfer-blocking", "transfer-blocking"]);
    expect(g.tokens.filter((t) => t.behaviour).length).toBe(6);
    const hubPairs = (hubs.length * (hubs.length - 1)) / 2;
    expect(g.pools.length).toBe(options.pools + 2 * hubPairs + 2 * options.oddTokens);
    expect(g.meta.dustPools.size).toBe(Math.round(options.pools * options.dustShare));
    for (const key of g.meta.dustPools) expect(g.meta.depthUsd.get(key)).toBeLessThanOrEqual(500);
    // Power law: the deepest tenth of the ordinary tail pools holds most of their liquidity.
    const tailDepths = [...g.meta.depthUsd].filter(([key]) => !g.meta.dustPools.has(key)).map(([, d]) => d).filter((d) => d < 2e6).sort((a, b) => b - a);
    const top = tailDepths.slice(0, Math.ceil(tailDepths.length / 10)).reduce((s, d) => s + d, 0);
    expect(top / tailDepths.reduce((s, d) => s + d, 0)).toBeGreaterThan(0.4);
  });

  it("resolves as a scenario, beside hubs the scenario lists itself", () => {
    const scenario = parseScenario({
      name: "mainnet-like", chains: { base: { tokens: [{ symbol: "WETH", decimals: 18, curated: true }], generate: options } },
    });
    const chain = resolveScenario(scenario).chains.base;
    expect(chain.tokens.filter((t) => t.symbol === "WETH")).toHaveLength(1);
    expect(chain.tokens.filter((t) => t.behaviour !== "standard")).toHaveLength(6);
  });

  it("refuses a mode it does not know, naming the field", () => {
    expect(() => parseScenario({ name: "x", chains: { base: { generate: { ...options, mode: "weird" } } } }))
      .toThrow(/chains\.base\.generate\.mode: must be "random" or "mainnet-like"/);
  });
});
