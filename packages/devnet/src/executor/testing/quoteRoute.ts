/**
 * What a route should pay, computed independently of the executor from the pools' current state: Uniswap V2's
 * getAmountOut on the pair's reserves, and Uniswap's own QuoterV2 for V3 pools. Hops are quoted in order against
 * the state before the swap, so a pool may appear only once in the route.
 */
import type { Address, PublicClient } from "viem";
import type { ExecutorHop, ExecutorRoute } from "@sluice/core";
import { quoterV2Abi, v2PairAbi, v3PoolAbi } from "./uniswapAbis.js";

export type RouteQuote = { amountOut: bigint; v3TicksCrossed: number };

export async function quoteRoute(client: PublicClient, quoterV2: Address, route: ExecutorRoute): Promise<RouteQuote> {
  const pools = route.splits.flatMap((split) => split.hops.map((hop) => hop.pool.toLowerCase()));
  if (new Set(pools).size !== pools.length) throw new Error("quoteRoute cannot quote a route that reuses a pool");
  let amountOut = 0n;
  let v3TicksCrossed = 0;
  for (const split of route.splits) {
    let amount = split.amountIn;
    for (const hop of split.hops) {
      const quote = await quoteHop(client, quoterV2, hop, amount);
      amount = quote.amountOut;
      v3TicksCrossed += quote.ticksCrossed;
    }
    amountOut += amount;
  }
  return { amountOut, v3TicksCrossed };
}

async function quoteHop(client: PublicClient, quoterV2: Address, hop: ExecutorHop, amountIn: bigint) {
  if (hop.kind === "v2") {
    const [reserve0, reserve1] = await client.readContract({ address: hop.pool, abi: v2PairAbi, functionName: "getReserves" });
    const zeroForOne = hop.tokenIn.toLowerCase() < hop.tokenOut.toLowerCase();
    const [reserveIn, reserveOut] = zeroForOne ? [reserve0, reserve1] : [reserve1, reserve0];
    return { amountOut: v2AmountOut(amountIn, reserveIn, reserveOut), ticksCrossed: 0 };
  }
  const fee = await client.readContract({ address: hop.pool, abi: v3PoolAbi, functionName: "fee" });
  const { result } = await client.simulateContract({
    address: quoterV2,
    abi: quoterV2Abi,
    functionName: "quoteExactInputSingle",
    args: [{ tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
  });
  return { amountOut: result[0], ticksCrossed: result[2] };
}

/** UniswapV2Library.getAmountOut. */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}
