import { describe, expect, it } from "vitest";
import { chainNames, chains } from "./chains.js";
import { chainSettings } from "./chainSettings.js";
import { parseChainConfig } from "./chainConfig.js";

describe("chainSettings", () => {
  it.each(chainNames)("%s without overrides runs the registry's settings", (name) => {
    const registry = chains[name];
    expect(chainSettings(name)).toEqual({
      gaslessMinimumUsd: registry.gaslessMinimumUsd, confirmations: registry.confirmations, maxFeePerGasWei: registry.maxFeePerGasWei, routingGasPriceWei: registry.routingGasPriceWei,
      gaslessGasPerHop: registry.gaslessGasPerHop, minRelayerBalanceWei: registry.minRelayerBalanceWei, headMaxAgeMs: registry.headMaxAgeMs, routableLiquidityUsd: registry.routableLiquidityUsd,
    });
  });

  it("each setting SLUICE_CHAINS gives wins over the registry's, zero included; wei amounts become exact bigints", () => {
    const config = parseChainConfig(JSON.stringify({
      base: {
        rpcUrl: "http://127.0.0.1:8545", executor: null, gaslessMinimumUsd: "0.5", confirmations: 0, maxFeePerGasWei: "123456789012345678901", routingGasPriceWei: "0",
        gaslessGasPerHop: "400000", minRelayerBalanceWei: "0", headMaxAgeMs: 0, routableLiquidityUsd: 0,
      },
    }));
    expect(chainSettings("base", config.base)).toEqual({
      gaslessMinimumUsd: "0.5", confirmations: 0, maxFeePerGasWei: 123456789012345678901n, routingGasPriceWei: 0n, gaslessGasPerHop: 400_000n, minRelayerBalanceWei: 0n, headMaxAgeMs: 0, routableLiquidityUsd: 0,
    });
  });

  it("a deployment that sets some settings keeps the registry's for the rest", () => {
    const config = parseChainConfig(JSON.stringify({ arbitrum: { rpcUrl: "http://127.0.0.1:8545", executor: null, confirmations: 3 } }));
    expect(chainSettings("arbitrum", config.arbitrum)).toMatchObject({ confirmations: 3, headMaxAgeMs: chains.arbitrum.headMaxAgeMs });
  });
});
