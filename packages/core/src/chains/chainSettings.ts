import type { ChainDeployment } from "./chainConfig.js";
import { chains, type ChainFacts, type ChainName } from "./chains.js";

/** The chain settings a deployment may override (`SLUICE_CHAINS.<chain>.…`), resolved: the override, else the registry's. */
export type ChainSettings = Pick<ChainFacts,
  "gaslessMinimumUsd" | "confirmations" | "maxFeePerGasWei" | "routingGasPriceWei" | "gaslessGasPerHop" | "minRelayerBalanceWei" | "headMaxAgeMs" | "routableLiquidityUsd">;

/**
 * A chain's overridable settings as this deployment runs them: each from the deployment's `SLUICE_CHAINS` entry when
 * it sets it, else from the chain registry (`chains.ts`). The one place that decides between the two.
 */
export function chainSettings(chain: ChainName, deployment?: Partial<ChainDeployment>): ChainSettings {
  const registry = chains[chain];
  return {
    gaslessMinimumUsd: deployment?.gaslessMinimumUsd ?? registry.gaslessMinimumUsd,
    confirmations: deployment?.confirmations ?? registry.confirmations,
    maxFeePerGasWei: deployment?.maxFeePerGasWei === undefined ? registry.maxFeePerGasWei : BigInt(deployment.maxFeePerGasWei),
    routingGasPriceWei: deployment?.routingGasPriceWei === undefined ? registry.routingGasPriceWei : BigInt(deployment.routingGasPriceWei),
    gaslessGasPerHop: deployment?.gaslessGasPerHop === undefined ? registry.gaslessGasPerHop : BigInt(deployment.gaslessGasPerHop),
    minRelayerBalanceWei: deployment?.minRelayerBalanceWei === undefined ? registry.minRelayerBalanceWei : BigInt(deployment.minRelayerBalanceWei),
    headMaxAgeMs: deployment?.headMaxAgeMs ?? registry.headMaxAgeMs,
    routableLiquidityUsd: deployment?.routableLiquidityUsd ?? registry.routableLiquidityUsd,
  };
}
