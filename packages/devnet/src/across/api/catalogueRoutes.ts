/** `/swap/chains`, `/swap/tokens` and `/available-routes` in the shapes Across' API answers them. */
import { chainById } from "@sluice/core";
import type { AcrossNetwork } from "./acrossNetwork.js";

export function swapChains(network: AcrossNetwork) {
  return network.chains.map((chain) => {
    const facts = chainById(chain.chainId)!;
    return { chainId: chain.chainId, name: facts.displayName, publicRpcUrl: facts.publicRpcUrl, explorerUrl: facts.explorerUrl, logoUrl: facts.logoUrl };
  });
}

export function swapTokens(network: AcrossNetwork, query: URLSearchParams) {
  const chainId = query.get("chainId");
  return network.chains
    .filter((chain) => !chainId || String(chain.chainId) === chainId)
    .flatMap((chain) => chain.tokens.map((t) => ({ ...t, logoUrl: `https://assets.sluice.fi/tokens/${t.symbol.toLowerCase()}.svg`, priceUsd: null })));
}

export function availableRoutes(network: AcrossNetwork, query: URLSearchParams) {
  const matches = (name: string, value: string | number) => {
    const wanted = query.get(name);
    return !wanted || wanted.toLowerCase() === String(value).toLowerCase();
  };
  return network.chains.flatMap((origin) => network.chains.filter((d) => d !== origin).flatMap((destination) =>
    origin.tokens.flatMap((input) => destination.tokens.filter((output) => output.symbol === input.symbol).map((output) => ({
      originChainId: origin.chainId, originToken: input.address, destinationChainId: destination.chainId, destinationToken: output.address,
      originTokenSymbol: input.symbol, destinationTokenSymbol: output.symbol, isNative: false,
    })))))
    .filter((r) => matches("originChainId", r.originChainId) && matches("destinationChainId", r.destinationChainId)
      && matches("originToken", r.originToken) && matches("destinationToken", r.destinationToken));
}
