import { hexToString, type Address, type Hex, type PublicClient } from "viem";
import { MULTICALL3_ADDRESS } from "../chains/chains.js";
import { erc20Bytes32SymbolAbi, erc20MetadataAbi } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";

export type TokenMetadata = { address: Address; symbol: string; decimals: number };

export type ReadTokenMetadataOptions = {
  /** The block to read at; default the latest. */
  blockNumber?: bigint;
  /** Tokens per Multicall3 request (each token is one call of each function); default 500. */
  callsPerRequest?: number;
  /** Each Multicall3 request spends one subrequest of it. */
  budget?: IndexBudget;
};

/**
 * `symbol()` and `decimals()` of each token through Multicall3 (bytes32 symbols, as old tokens return, are decoded
 * too). A token without `decimals()` cannot be quoted and is left out. Two requests per `callsPerRequest` tokens (three
 * when some symbol is bytes32), at most two groups in flight: a discovery slice naming thousands of new tokens holds
 * one group's answers at a time and spends what it sends.
 */
export async function readTokenMetadata(client: PublicClient, tokens: readonly Address[], options: ReadTokenMetadataOptions = {}): Promise<TokenMetadata[]> {
  const size = options.callsPerRequest ?? 500;
  const out: TokenMetadata[] = [];
  for (let from = 0; from < tokens.length; from += 2 * size) {
    const groups = [tokens.slice(from, from + size), tokens.slice(from + size, from + 2 * size)].filter((g) => g.length > 0);
    for (const group of await Promise.all(groups.map((group) => readGroup(client, group, options)))) out.push(...group);
  }
  return out;
}

async function readGroup(client: PublicClient, tokens: readonly Address[], { blockNumber, budget }: ReadTokenMetadataOptions): Promise<TokenMetadata[]> {
  const read = (abi: typeof erc20MetadataAbi | typeof erc20Bytes32SymbolAbi, functionName: "symbol" | "decimals", list: readonly Address[]) => {
    budget?.spend(1);
    return client.multicall({
      contracts: list.map((address) => ({ address, abi, functionName })) as never,
      allowFailure: true,
      blockNumber,
      batchSize: 0,
      multicallAddress: MULTICALL3_ADDRESS,
    }) as Promise<{ status: "success" | "failure"; result?: unknown }[]>;
  };
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
