import type { ForkChain } from "./startForkChain.js";

/**
 * The workers' chain settings with the forked chains replacing the devnet's: each forked chain's `SLUICE_CHAINS`
 * entry is the fork's own (registry factories, the executor deployed there), with `rpcUrlFor` letting a fault proxy
 * stand in front of the fork, and the local-node settings the devnet's chains use (anvil mines on demand).
 */
export function forkedChainSecrets(secrets: Record<string, string>, forks: readonly ForkChain[], rpcUrlFor: (chain: string) => string,
  headMaxAgeMs = 0): Record<string, string> {
  const sluiceChains = JSON.parse(secrets.SLUICE_CHAINS!) as Record<string, unknown>;
  for (const fork of forks) {
    sluiceChains[fork.chain] = { ...fork.deployment, rpcUrl: rpcUrlFor(fork.chain), confirmations: 1, maxFeePerGasWei: "1000000000000", headMaxAgeMs };
  }
  return { ...secrets, SLUICE_CHAINS: JSON.stringify(sluiceChains) };
}
