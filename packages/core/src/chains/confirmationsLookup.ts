import { parseChainConfig } from "./chainConfig.js";
import { chains, type ChainName } from "./chains.js";

/**
 * How many blocks (the swap's own included) each chain needs before a swap's volume counts: the deployment's
 * `confirmations`, else the chain registry's.
 */
export function confirmationsLookup(sluiceChains: string | undefined): (chain: ChainName) => number {
  const config = parseChainConfig(sluiceChains);
  return (chain) => config[chain]?.confirmations ?? chains[chain].confirmations;
}
