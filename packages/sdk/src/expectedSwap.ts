/**
 * What a swap's permit must say, from the request alone and the chain: the input and output tokens (an address as
 * named; a curated token's symbol as pinned; any other symbol only for a token whose own `symbol()` on chain is it),
 * the input's raw amount (the token's decimals: pinned, else read on chain) and the least acceptable minimum output.
 */
import { erc20Abi, getAddress, isAddress, isAddressEqual, type Address } from "viem";
import { answeredAddress, answeredUint, fail } from "./answerChecks.js";
import { CURATED_TOKENS } from "./pinned.js";
import { chainIds, type ChainName, type RouteQuote } from "./types.js";
import type { ChainReader } from "./wallet.js";

/** The server's default slippage bound (basis points) when the request names none. */
const DEFAULT_SLIPPAGE_BPS = 5;

export type SwapRequestSides = {
  chain: ChainName; from: string; fromAddress?: string; to: string; toAddress?: string; amount: string; slippageBps?: number;
};

export type ExpectedSwap = { tokenIn: Address; amountIn: bigint; tokenOut: Address; minAmountOut: bigint };

export async function expectedSwap(reader: ChainReader, request: SwapRequestSides, answered: { permit?: unknown; quote: RouteQuote }): Promise<ExpectedSwap> {
  const message = (answered.permit as { message?: { permitted?: { token?: unknown }; witness?: { tokenOut?: unknown } } } | undefined)?.message;
  const input = await requestedToken(reader, request.chain, { field: "from", named: request.fromAddress ?? request.from, answered: message?.permitted?.token, answeredField: "permit.message.permitted.token" });
  const output = await requestedToken(reader, request.chain, { field: "to", named: request.toAddress ?? request.to, answered: message?.witness?.tokenOut, answeredField: "permit.message.witness.tokenOut" });
  const decimals = input.decimals ?? await reader.readContract({ address: input.address, abi: erc20Abi, functionName: "decimals" })
    .catch(() => fail("permit.message.permitted.token", "an ERC-20 token whose decimals() can be read", input.address));
  const amountOut = answeredUint("quote.amountOutRaw", answered.quote?.amountOutRaw);
  const slippage = BigInt(request.slippageBps ?? DEFAULT_SLIPPAGE_BPS);
  return {
    tokenIn: input.address, amountIn: rawAmount(request.amount, decimals), tokenOut: output.address,
    minAmountOut: (amountOut * (10_000n - slippage)) / 10_000n,
  };
}

type Side = { field: "from" | "to"; named: string; answered: unknown; answeredField: string };

async function requestedToken(reader: ChainReader, chain: ChainName, side: Side): Promise<{ address: Address; decimals?: number }> {
  const curated = CURATED_TOKENS[chainIds[chain]] ?? [];
  if (/^0x/i.test(side.named)) {
    if (!isAddress(side.named, { strict: false })) fail(side.field, "a token symbol or address", side.named);
    const address = getAddress(side.named);
    return { address, ...decimalsOf(curated.find((t) => isAddressEqual(t.address, address))) };
  }
  const pinned = curated.find((t) => t.symbol === side.named) ?? curated.find((t) => t.symbol.toLowerCase() === side.named.toLowerCase());
  if (pinned) return { address: pinned.address, decimals: pinned.decimals };
  // Not a curated symbol: the token the answer names, if it is one whose own symbol is the requested one.
  const address = answeredAddress(side.answeredField, side.answered);
  const symbol = await reader.readContract({ address, abi: erc20Abi, functionName: "symbol" }).catch(() => undefined);
  if (typeof symbol !== "string" || symbol.toLowerCase() !== side.named.toLowerCase()) {
    fail(side.answeredField, `a token whose symbol on chain is ${side.named}`, `${address} (symbol ${symbol ?? "unreadable"})`,
      `Nothing was approved, signed or sent. Name the token by its address (\`${side.field}Address\`) to swap a token that is not curated`);
  }
  return { address };
}

const decimalsOf = (token: { decimals: number } | undefined) => (token ? { decimals: token.decimals } : {});

/** A human amount ("1.5") in raw units, exactly (as /route parses it). */
function rawAmount(amount: string, decimals: number): bigint {
  const [whole = "", fraction = ""] = amount.split(".");
  const significant = fraction.replace(/0+$/, "");
  // The API's one amount form (`/route` and `/solve` alike): digits, optionally a point and at least one digit.
  if (!/^\d{1,40}(\.\d{1,36})?$/.test(amount) || significant.length > decimals) fail("amount", `a decimal amount with at most ${decimals} decimals`, amount);
  return BigInt(whole + significant.padEnd(decimals, "0"));
}
