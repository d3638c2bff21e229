import { hexToString, type Address, type Hex, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import { erc20Bytes32SymbolAbi, erc20MetadataAbi } from "./abis.js";

export type TokenMetadata = { address: Address; symbol: string; decimals: number };

/**
 * `symbol()` and `decimals()` of each token through Multicall3 (bytes32 symbols, as old tokens return, are decoded
 * too). A token without `decimals()` cannot be quoted and is left out. Two or three Multicall3 requests; no block:
 * the latest.
 */
export async function readTokenMetadata(client: PublicClient, tokens: readonly Address[], blockNumber?: bigint): Promise<TokenMetadata[]> {
  if (tokens.length === 0) return [];
  const read = (abi: typeof erc20MetadataAbi | typeof erc20Bytes32SymbolAbi, functionName: "symbol" | "decimals", list: readonly Address[]) =>
    client.multicall({
      contracts: list.map((address) => ({ address, abi, functionName })) as never,
      allowFailure: true,
      blockNumber,
      batchSize: 100_000,
      multicallAddress: MULTICALL3_ADDRESS,
    }) as Promise<{ status: "success" | "failure"; result?: unknown }[]>;
  const [symbols, decimals] = await Promise.all([read(erc20MetadataAbi, "symbol", tokens), read(erc20MetadataAbi, "decimals", tokens)]);
  const retry = tokens.filter((_, i) => symbols[i]!.status !== "success");
  const bytes32 = retry.length > 0 ? await read(erc20Bytes32SymbolAbi, "symbol", retry) : [];
  const fallback = new Map(retry.map((t, i) => [t, bytes32[i]]));

  const out: TokenMetadata[] = [];
  tokens.forEach((address, i) => {
    const d = decimals[i]!;
    if (d.status !== "success") return;
    let symbol = symbols[i]!.status === "success" ? String(symbols[i]!.result) : "";
    const b = fallback.get(address);
    if (!symbol && b?.status === "success") symbol = hexToString(b.result as Hex, { size: 32 }).replace(/\0+$/, "");
    out.push({ address: address.toLowerCase() as Address, symbol: symbol.trim() || "?", decimals: Number(d.result) });
  });
  return out;
}
