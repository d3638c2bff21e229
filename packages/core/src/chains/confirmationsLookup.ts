import { parseChainConfig } from "./chainConfig.js";
import type { ChainName } from "./chains.js";
import { chainSettings } from "./chainSettings.js";

/**
 * How many blocks (the swap's own included) each chain needs before a swap's volume counts: the deployment's
 * `confirmations`, else the chain registry's.
 */
export function confirmationsLookup(sluiceChains: string | undefined): (chain: ChainName) => number {
  const config = parseChainConfig(sluiceChains);
  return (chain) => chainSettings(chain, config[chain]).confirmations;
}
