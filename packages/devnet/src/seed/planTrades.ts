import { encodeFunctionData, type Address } from "viem";
import { contractBuilds } from "../contracts/artifacts.js";
import type { PlannedTransaction } from "../rpc/transactionBatcher.js";
import type { ResolvedChain } from "../scenario/resolvedTypes.js";
import { layoutAddresses, v2PairAddress, v3PoolAddress, type FactoryAddresses } from "./deploymentLayout.js";

const secondsPerDay = 86_400;

export type TradeBlock = { timestamp: number; transactions: PlannedTransaction[] };

/**
 * One ageing trade per pool, grouped into blocks by how many days ago it happens (oldest first), so that every token's
 * most recent Swap event is exactly `lastTradedDaysAgo` days before `now`.
 */
export function planTrades(chain: ResolvedChain, deployer: Address, now: number, factories?: FactoryAddresses): TradeBlock[] {
  const abi = contractBuilds().devnetSeeder.abi;
  const layout = layoutAddresses(deployer, factories);
  const byDays = new Map<number, PlannedTransaction[]>();
  for (const pool of chain.pools) {
    const pair = `${pool.token0.symbol}/${pool.token1.symbol}`;
    const transaction: PlannedTransaction = pool.protocol === "uniswap-v2"
      ? { label: `trade V2 pool ${pair} (${pool.field})`, gas: 400_000n, to: layout.seeder,
          data: encodeFunctionData({ abi, functionName: "swapV2", args: [v2PairAddress(layout.uniswapV2Factory, pool.token0.address, pool.token1.address),
            pool.token0.address, pool.amountIn, 0n, pool.amountOut] }) }
      : { label: `trade V3 pool ${pair} ${pool.fee} (${pool.field})`, gas: 2_000_000n, to: layout.seeder,
          data: encodeFunctionData({ abi, functionName: "roundTripV3", args: [v3PoolAddress(layout.uniswapV3Factory, pool.token0.address,
            pool.token1.address, pool.fee), pool.awaySqrtPriceX96, pool.sqrtPriceX96] }) };
    const group = byDays.get(pool.tradeDaysAgo) ?? [];
    group.push(transaction);
    byDays.set(pool.tradeDaysAgo, group);
  }
  return [...byDays.entries()]
    .sort(([a], [b]) => b - a)
    .map(([days, transactions]) => ({ timestamp: now - days * secondsPerDay, transactions }));
}
