import { describe, expect, it } from "vitest";
import { chains } from "../chains/chains.js";
import { parseChainConfig } from "../chains/chainConfig.js";
import { indexProgressSummary } from "./indexProgressSummary.js";
import type { IndexProgress } from "./indexProgress.js";
import { indexStartBlock } from "./indexStartBlock.js";
import { isTooLarge } from "./readIndexLogs.js";

describe("indexStartBlock", () => {
  it("starts at the earliest deployment block of the registry's Uniswap factories that are configured", () => {
    const { v2, v3 } = chains.ethereum.uniswapFactories;
    expect(indexStartBlock("ethereum", { uniswapV2Factory: v2.address, uniswapV3Factory: v3.address })).toBe(10_000_835n);
    expect(indexStartBlock("ethereum", { uniswapV3Factory: v3.address.toLowerCase() as `0x${string}` })).toBe(12_369_621n);
    expect(indexStartBlock("base", { uniswapV3Factory: chains.base.uniswapFactories.v3.address })).toBe(1_371_680n);
  });

  it("starts at 0 for a factory the registry does not know (the devnet), and at the configured block when set", () => {
    const devnetFactory = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    expect(indexStartBlock("base", { uniswapV2Factory: devnetFactory, uniswapV3Factory: chains.base.uniswapFactories.v3.address })).toBe(0n);
    expect(indexStartBlock("polygon", {})).toBe(0n);
    const config = parseChainConfig(JSON.stringify({ polygon: { rpcUrl: "https://polygon.example", executor: null, uniswapV3Factory: chains.polygon.uniswapFactories.v3.address, indexStartBlock: 40_000_000 } }));
    expect(indexStartBlock("polygon", config.polygon!)).toBe(40_000_000n);
    expect(() => parseChainConfig(JSON.stringify({ polygon: { rpcUrl: "https://polygon.example", executor: null, indexStartBlock: -1 } }))).toThrow(/SLUICE_CHAINS\.polygon\.indexStartBlock/);
  });
});

describe("indexProgressSummary", () => {
  const progress: IndexProgress = {
    chain: "base", phase: "discover", startBlock: 1000n, targetBlock: 2900n, cursor: 1233n, loadedThrough: null, poolsFound: 12, poolsLoaded: 0,
    readThrough: 2900n, catchupFrom: 999n, block: 999n, span: 2000n, slices: 3, updatedAt: 1,
  };
  it("names the chain, the percent and where each phase stands", () => {
    expect(indexProgressSummary("base", null).message).toBe("base: index not started");
    expect(indexProgressSummary("base", progress).message).toBe("base: index 7% (block 1233 of 2900)");
    expect(indexProgressSummary("base", { ...progress, phase: "load", cursor: 2900n, poolsLoaded: 6 }).message).toBe("base: index 75% (pool state 6 of 12)");
    expect(indexProgressSummary("base", { ...progress, phase: "catchup", catchupFrom: 2000n, block: 2450n, readThrough: 2900n }).message).toBe("base: index 95% (catching up, block 2450 of 2900)");
    expect(indexProgressSummary("base", { ...progress, phase: "ready", block: 3000n })).toMatchObject({ ready: true, percent: 100, message: "base: index ready (block 3000)" });
  });
});

describe("isTooLarge", () => {
  it("recognises providers' range and size refusals, not rate limits", () => {
    for (const message of ["query exceeds max block range 2000", "query returned more than 10000 results", "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range", "block range is too wide"]) {
      expect(isTooLarge(new Error(message)), message).toBe(true);
    }
    for (const message of ["429 Too Many Requests", "rate limit exceeded", "execution reverted", "fetch failed"]) {
      expect(isTooLarge(new Error(message)), message).toBe(false);
    }
  });
});
