import type { DevnetManifest } from "@sluice/devnet";

/**
 * The chain configuration the workers read (`SLUICE_CHAINS`, see core's chainConfig) built from the devnet
 * manifest. Relayer keys are the devnet's well-known development keys — public, and worthless off the devnet.
 */
export function chainSecretsFromManifest(
  manifest: DevnetManifest,
  rpcUrlFor: (chain: string) => string = (chain) => manifest.chains[chain as keyof DevnetManifest["chains"]].rpcUrl,
  headMaxAgeMs = 0,
): Record<string, string> {
  const chains = Object.fromEntries(Object.entries(manifest.chains).map(([name, chain]) => [name, {
    rpcUrl: rpcUrlFor(name),
    executor: chain.executor ?? "0x0000000000000000000000000000000000000000",
    relayers: chain.relayers,
    uniswapV2Factory: chain.uniswapV2Factory,
    uniswapV3Factory: chain.uniswapV3Factory,
    // Devnet blocks are mined only by transactions: a swap is final once mined (a real chain waits for its depth).
    confirmations: 1,
    // Anvil's fees follow its own base fee, not a real chain's: the registry's caps are for real chains.
    maxFeePerGasWei: "1000000000000",
    // Devnet blocks come only with transactions, so a quote reads the head itself by default (tests quote right after
    // changing state); the route benchmark sets a real chain's freshness.
    headMaxAgeMs,
    // The devnet's pools are a scaled-down market (the thinnest holds a few thousand dollars): all of them routable.
    routableLiquidityUsd: 1_000,
  }]));
  // The relayers' keys (the swap worker signs gasless swaps with them): the dev accounts allow-listed as relayers.
  const relayerKeys = manifest.accounts.dev
    .filter((a) => manifest.accounts.relayers.some((r) => r.toLowerCase() === a.address.toLowerCase()))
    .map((a) => a.privateKey);
  return {
    SLUICE_CHAINS: JSON.stringify(chains),
    RELAYER_PRIVATE_KEYS: relayerKeys.join(","),
    // Devnet blocks are mined at once: a transaction pending for 5 s is stuck.
    RELAYER_STUCK_AFTER_MS: "5000",
  };
}
