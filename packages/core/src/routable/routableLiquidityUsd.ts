import { chains, type ChainName } from "../chains/chains.js";
import type { ChainDeployment } from "../chains/chainConfig.js";

/** The chain's routable-liquidity threshold (USD): the deployment's override (`SLUICE_CHAINS.<chain>.routableLiquidityUsd`), else the registry's. */
export function routableLiquidityUsd(chain: ChainName, deployment?: Pick<ChainDeployment, "routableLiquidityUsd">): number {
  return deployment?.routableLiquidityUsd ?? chains[chain].routableLiquidityUsd;
}
