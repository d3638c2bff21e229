import type { Address } from "viem";
import { wrappedNativeToken } from "../chains/wrappedNativeToken.js";
import type { ChainGraph } from "../indexer/graphTypes.js";
import { usdPerRawUnit } from "./valueInUsd.js";

/**
 * The router's `gasCostOut` for a quote: `gas` gas units at `gasPriceWei` (the chain's `routingGasPriceWei`), valued in
 * `tokenOut` raw units at the graph's reference prices, gas × price × (USD per raw wrapped native) ÷ (USD per raw
 * tokenOut), exact and rounded down. The wrapped native token stands for the native coin gas is paid in (the same
 * price). No RPC call: the prices are the graph's. Undefined, so routes are compared on output alone as before, when the
 * price is 0 or either token has no reference price (an output token the graph cannot price gets no gas rule rather
 * than a made-up one).
 */
export function routingGasCostOut(graph: ChainGraph, tokenOut: Address, gasPriceWei: bigint): ((gas: bigint) => bigint) | undefined {
  if (gasPriceWei <= 0n) return undefined;
  const native = wrappedNativeToken(graph.chain).address.toLowerCase() as Address;
  // Output in the wrapped native token: gas costs exactly its wei, priced or not.
  if (tokenOut.toLowerCase() === native) return (gas) => gas * gasPriceWei;
  const nativeUsd = usdPerRawUnit(graph, native);
  const outUsd = usdPerRawUnit(graph, tokenOut.toLowerCase() as Address);
  if (!nativeUsd || !outUsd || nativeUsd.numerator === 0n || outUsd.numerator === 0n) return undefined;
  const numerator = gasPriceWei * nativeUsd.numerator * outUsd.denominator;
  const denominator = nativeUsd.denominator * outUsd.numerator;
  return (gas) => (gas * numerator) / denominator;
}
