import { describe, expect, it } from "vitest";
import { generateGraph, decimalString } from "./generateGraph.js";
import { parseScenario } from "./parseScenario.js";
import { resolveScenario } from "./resolveScenario.js";

describe("generate", () => {
  it("gives the same graph for the same seed and another for another seed", () => {
    const options = { tokens: 30, pools: 120, v3Share: 0.4, seed: 7 };
    expect(generateGraph("base", options, "g")).toEqual(generateGraph("base", options, "g"));
    expect(generateGraph("base", { ...options, seed: 8 }, "g")).not.toEqual(generateGraph("base", options, "g"));
  });

  it("resolves to the requested numbers of tokens and pools with roughly the requested V3 share", () => {
    const scenario = parseScenario({ name: "g", chains: { arbitrum: { generate: { tokens: 60, pools: 400, v3Share: 0.25, seed: 3 } } } });
    const chain = resolveScenario(scenario).chains.arbitrum;
    expect(chain.tokens).toHaveLength(60);
    expect(chain.pools).toHaveLength(400);
    const v3 = chain.pools.filter((p) => p.protocol === "uniswap-v3").length;
    expect(v3 / 400).toBeGreaterThan(0.15);
    expect(v3 / 400).toBeLessThan(0.35);
  });

  it("writes plain decimal strings", () => {
    expect(decimalString(0.000000012345, 18)).toBe("0.000000012345");
    expect(decimalString(1234.5, 2)).toBe("1234.5");
    expect(decimalString(3, 6)).toBe("3");
  });
});
