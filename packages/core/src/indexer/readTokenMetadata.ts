import { decodeFunctionResult, encodeFunctionData, hexToString, type Address, type Hex, type PublicClient } from "viem";
import { isSupportedDecimals } from "../quoting/tokenDecimalsMax.js";
import { erc20Bytes32SymbolAbi, erc20MetadataAbi } from "./abis.js";
import type { IndexBudget } from "./indexBudget.js";
import { aggregateSettled, type SettledCall } from "./aggregateSettled.js";
import { sanitizeTokenSymbol } from "./sanitizeTokenSymbol.js";

export type TokenMetadata = { address: Address; symbol: string; decimals: number };

/**
 * The tokens read (`metadata`), and those nothing was concluded about (`unsettled`: one of their calls was left
 * unsettled by `aggregateSettled`'s request bound, gas burners sharing their batch). A token in neither failed: its
 * `decimals()` reverted, burned its gas alone, or answered no valid decimals.
 */
export type ReadTokenMetadataReturnType = { metadata: TokenMetadata[]; unsettled: Address[] };

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
 * too). A token whose `decimals()` reverts, burns more gas than any token needs, or answers something that is not
 * decimals in 0..36 (`TOKEN_DECIMALS_MAX`) cannot be quoted and is left out; its symbol is sanitised
 * (`sanitizeTokenSymbol`). A request that fails (no answer, a timeout, an HTTP error) throws, and a token whose call
 * was left unsettled (the request bound) is answered `unsettled`: nothing is concluded about a token whose call did
 * not run (`aggregateSettled` tells them apart). Two requests per `callsPerRequest`
 * tokens (three when some symbol is bytes32; more when a token fails), at most two groups in flight: a discovery
 * slice naming thousands of new tokens holds one group's answers at a time and spends what it sends.
 */
export async function readTokenMetadata(client: PublicClient, tokens: readonly Address[], options: ReadTokenMetadataOptions = {}): Promise<ReadTokenMetadataReturnType> {
  const size = options.callsPerRequest ?? 500;
  const out: ReadTokenMetadataReturnType = { metadata: [], unsettled: [] };
  for (let from = 0; from < tokens.length; from += 2 * size) {
    const groups = [tokens.slice(from, from + size), tokens.slice(from + size, from + 2 * size)].filter((g) => g.length > 0);
    for (const group of await Promise.all(groups.map((group) => readGroup(client, group, options)))) {
      out.metadata.push(...group.metadata);
      out.unsettled.push(...group.unsettled);
    }
  }
  return out;
}

/** What stands for a call left unsettled by the request bound (distinct from undefined: a failure or no answer). */
const UNSETTLED = Symbol("unsettled");

type Abi = typeof erc20MetadataAbi | typeof erc20Bytes32SymbolAbi;

async function readGroup(client: PublicClient, tokens: readonly Address[], { blockNumber, budget }: ReadTokenMetadataOptions): Promise<ReadTokenMetadataReturnType> {
  const read = async (abi: Abi, functionName: "symbol" | "decimals", list: readonly Address[]): Promise<(unknown | undefined)[]> => {
    const callData = encodeFunctionData({ abi: abi as typeof erc20MetadataAbi, functionName });
    const settled = await aggregateSettled({ client, calls: list.map((target) => ({ target, callData })), blockNumber, budget });
    return settled.map((s) => decoded(abi, functionName, s));
  };
  const [symbols, decimals] = await Promise.all([read(erc20MetadataAbi, "symbol", tokens), read(erc20MetadataAbi, "decimals", tokens)]);
  const retry = tokens.filter((_, i) => decimals[i] !== undefined && decimals[i] !== UNSETTLED && symbols[i] === undefined);
  const bytes32 = retry.length > 0 ? await read(erc20Bytes32SymbolAbi, "symbol", retry) : [];
  const fallback = new Map(retry.map((t, i) => [t, bytes32[i]]));

  const out: ReadTokenMetadataReturnType = { metadata: [], unsettled: [] };
  tokens.forEach((address, i) => {
    const d = decimals[i];
    if (d === UNSETTLED || symbols[i] === UNSETTLED || fallback.get(address) === UNSETTLED) {
      out.unsettled.push(address.toLowerCase() as Address);
      return;
    }
    if (typeof d !== "number" && typeof d !== "bigint") return;
    // viem decodes a uint8 without checking its range: a contract can answer any uint256.
    const n = Number(d);
    if (!isSupportedDecimals(n)) return;
    let symbol = typeof symbols[i] === "string" ? symbols[i] as string : "";
    const b = fallback.get(address);
    if (!symbol && typeof b === "string") symbol = hexToString(b as Hex, { size: 32 }).replace(/\0+$/, "");
    out.metadata.push({ address: address.toLowerCase() as Address, symbol: sanitizeTokenSymbol(symbol), decimals: n });
  });
  return out;
}

/** A call's decoded result, undefined when it failed or its answer does not decode, `UNSETTLED` when it never ran. */
function decoded(abi: Abi, functionName: "symbol" | "decimals", s: SettledCall): unknown {
  if (!s.success) return s.unsettled ? UNSETTLED : undefined;
  try {
    return decodeFunctionResult({ abi: abi as typeof erc20MetadataAbi, functionName, data: s.returnData });
  } catch {
    return undefined;
  }
}
