import type { DevnetManifest } from "@sluice/devnet";

/**
 * The chain configuration the workers read (`SLUICE_CHAINS`, see core's chainConfig) built from the devnet
 * manifest. Relayer keys are the devnet's well-known development keys — public, and worthless off the devnet.
 */
export function chainSecretsFromManifest(
  manifest: DevnetManifest,
  rpcUrlFor: (chain: string) => string = (chain) => manifest.chains[chain as keyof DevnetManifest["chains"]].rpcUrl,
): Record<string, string> {
  const chains = Object.fromEntries(Object.entries(manifest.chains).map(([name, chain]) => [name, {
    rpcUrl: rpcUrlFor(name),
    executor: chain.executor ?? "0x0000000000000000000000000000000000000000",
    relayers: chain.relayers,
    uniswapV2Factory: chain.uniswapV2Factory,
    uniswapV3Factory: chain.uniswapV3Factory,
  }]));
  return { SLUICE_CHAINS: JSON.stringify(chains) };
}
