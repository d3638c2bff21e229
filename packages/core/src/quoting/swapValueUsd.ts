import type { Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { Ratio } from "./decimalFraction.js";
import type { ResolvedToken } from "./resolveToken.js";

export type SwapValueUsdParameters = {
  chain: ChainName;
  /** Each side's address and whether it is listed (`isListedToken`, as `resolveToken` found it). */
  tokenIn: Pick<ResolvedToken, "address" | "listed">;
  tokenOut: Pick<ResolvedToken, "address" | "listed">;
  /** Each side's value at the graph's prices (`valueInUsd`), where it has one. */
  valueIn: Ratio | undefined;
  valueOut: Ratio | undefined;
};

/** The value, and which side gave it (null: worth 0 — neither side is curated, or one is not listed). */
export type SwapValueUsdReturnType = { usd: Ratio; side: "in" | "out" | null };

/**
 * A swap's USD value — its `volumeUsd`: the volume rebates are paid on, and what the gasless minimum is measured
 * against — is what its curated side is worth: the input when it is one of the chain's curated tokens (its hubs and
 * USD stablecoins), else the output when that is; a swap between two other tokens is worth 0 (executed all the same,
 * user-paid, earning nothing). A curated token is priced by the chain's deepest pools, which nobody can cheaply
 * out-deepen; any other token is priced by whichever of its pools is deepest, which anyone can create: a token minted
 * for the purpose, paired with a few thousand dollars, would make each swap of it "worth" whatever its creator chose —
 * rebates paid on that, and gas on Sluice. A swap with a token that is not listed (on either side) is worth 0 too:
 * the token's only pool may be the swapper's own, whose fees come back to it, so a round trip USDC → token → USDC
 * would cost it only gas (none when sent gasless) but earn each leg's volume. A solve valued by its output is
 * credited with its guaranteed minimum (`provenVolumeUsd`).
 */
export function swapValueUsd({ chain, tokenIn, tokenOut, valueIn, valueOut }: SwapValueUsdParameters): SwapValueUsdReturnType {
  const curated = (token: Address) => chains[chain].curatedTokens.some((t) => t.address.toLowerCase() === token.toLowerCase());
  const worthless = { usd: { numerator: 0n, denominator: 1n }, side: null } as const;
  if (!(tokenIn.listed || curated(tokenIn.address)) || !(tokenOut.listed || curated(tokenOut.address))) return worthless;
  if (curated(tokenIn.address) && valueIn) return { usd: valueIn, side: "in" };
  if (curated(tokenOut.address) && valueOut) return { usd: valueOut, side: "out" };
  return worthless;
}
