import { chains, type ChainName, type CuratedToken } from "./chains.js";

/** The chain's wrapped native token (its curated token marked `wrappedNative`: WETH, WPOL), which gas is priced in. */
export function wrappedNativeToken(chain: ChainName): CuratedToken {
  const token = chains[chain].curatedTokens.find((t) => t.wrappedNative);
  if (!token) throw new Error(`the chain registry names no wrapped native token on ${chain}`);
  return token;
}
