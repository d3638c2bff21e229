/**
 * The devnet as the local Across API sees it: per chain, its RPC, SpokePool, viem clients and the bridgeable tokens
 * (the registry's curated tokens that were seeded and whose symbol exists on another chain too).
 */
import { createPublicClient, createWalletClient, defineChain, getAddress, http, type Address, type PublicClient, type WalletClient, type Chain, type Account } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainNames, chains, type ChainName } from "@sluice/core";
import type { DevnetManifest } from "../../manifest/manifestTypes.js";
import { DEVNET_ACROSS_RELAYER_KEY } from "../acrossDevnetRoles.js";

export type AcrossToken = { chainId: number; address: Address; symbol: string; name: string; decimals: number };

export type AcrossChain = {
  name: ChainName;
  chainId: number;
  displayName: string;
  rpcUrl: string;
  spokePool: Address;
  wrappedNative: Address;
  tokens: AcrossToken[];
  publicClient: PublicClient;
  walletClient: WalletClient<ReturnType<typeof http>, Chain, Account>;
};

export type AcrossNetwork = {
  chains: AcrossChain[];
  byId(chainId: number): AcrossChain | undefined;
  token(chainId: number, address: string): AcrossToken | undefined;
};

export function acrossNetwork(manifest: DevnetManifest): AcrossNetwork {
  const relayer = privateKeyToAccount(DEVNET_ACROSS_RELAYER_KEY);
  const seeded = (name: ChainName) => new Set(manifest.chains[name].tokens.map((t) => t.address.toLowerCase()));
  const symbolsByChain = new Map(chainNames.map((name) => [name,
    new Set(chains[name].curatedTokens.filter((t) => seeded(name).has(t.address.toLowerCase())).map((t) => t.symbol))]));
  const list: AcrossChain[] = chainNames.map((name) => {
    const facts = chains[name];
    const rpcUrl = manifest.chains[name].rpcUrl;
    const chain = defineChain({
      id: facts.id, name: facts.displayName,
      nativeCurrency: { name: facts.nativeSymbol, symbol: facts.nativeSymbol, decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const transport = http(rpcUrl);
    const tokens = facts.curatedTokens
      .filter((t) => symbolsByChain.get(name)!.has(t.symbol))
      .filter((t) => chainNames.some((other) => other !== name && symbolsByChain.get(other)!.has(t.symbol)))
      .map((t) => ({ chainId: facts.id, address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals }));
    return {
      name, chainId: facts.id, displayName: facts.displayName, rpcUrl, spokePool: facts.spokePool,
      wrappedNative: getAddress(manifest.chains[name].weth), tokens,
      publicClient: createPublicClient({ chain, transport }) as PublicClient,
      walletClient: createWalletClient({ account: relayer, chain, transport }),
    };
  });
  return {
    chains: list,
    byId: (chainId) => list.find((c) => c.chainId === chainId),
    token: (chainId, address) => list.find((c) => c.chainId === chainId)?.tokens
      .find((t) => t.address.toLowerCase() === address.toLowerCase() || t.symbol.toLowerCase() === address.toLowerCase()),
  };
}
