import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { erc20Abi } from "viem";
import { chainNames } from "@sluice/core";
import { startDevnet, defaultScenarioPath, type Devnet } from "../startDevnet.js";
import { readScenarioFile } from "../scenario/parseScenario.js";
import { resolveScenario } from "../scenario/resolveScenario.js";
import { chainClient, readPoolStates } from "../testSupport/chainReader.js";
import { buildDefaultScenario } from "./buildDefaultScenario.js";

const resolved = resolveScenario(readScenarioFile(defaultScenarioPath));
let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ basePort: 0 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("the default scenario", () => {
  it("is what its generator writes", () => {
    expect(JSON.parse(readFileSync(defaultScenarioPath, "utf8"))).toEqual(JSON.parse(JSON.stringify(buildDefaultScenario())));
  });

  it("looks like a real chain on each of the four chains", () => {
    for (const name of chainNames) {
      const chain = resolved.chains[name];
      expect(chain.tokens.length, name).toBeGreaterThanOrEqual(20);
      expect(chain.pools.length, name).toBeGreaterThanOrEqual(60);
      expect(chain.tokens.some((t) => t.lastTradedDaysAgo > 3), `${name} stale token`).toBe(true);
      expect(chain.tokens.some((t) => t.quality < 100), `${name} low-quality token`).toBe(true);
      const symbols = chain.tokens.map((t) => t.symbol);
      expect(new Set(symbols).size, `${name} duplicate symbol`).toBeLessThan(symbols.length);
      const fees = new Set(chain.pools.filter((p) => p.protocol === "uniswap-v3").map((p) => (p.protocol === "uniswap-v3" ? p.fee : 0)));
      expect([...fees].sort((a, b) => a - b)).toEqual([100, 500, 3000, 10000]);
    }
  });

  it("seeds every pool to its scenario state", async () => {
    for (const name of chainNames) {
      const states = await readPoolStates(devnet.manifest.chains[name]);
      resolved.chains[name].pools.forEach((pool, i) => {
        const state = states[i]!;
        if (pool.protocol === "uniswap-v2") expect(state, pool.field).toMatchObject({ reserve0: pool.reserve0, reserve1: pool.reserve1 });
        else expect(state, pool.field).toMatchObject({ sqrtPriceX96: pool.sqrtPriceX96 });
      });
    }
  });

  it("funds the sample wallet", async () => {
    for (const name of chainNames) {
      const chain = devnet.manifest.chains[name];
      const weth = await chainClient(chain).readContract({ address: chain.weth, abi: erc20Abi, functionName: "balanceOf",
        args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"] });
      expect(weth, name).toBeGreaterThan(0n);
    }
  });
});
