import { encodeDeployData, encodeFunctionData, type Address } from "viem";
import { contractBuilds } from "../contracts/artifacts.js";
import type { PlannedTransaction } from "../rpc/transactionBatcher.js";
import type { ResolvedChain } from "../scenario/resolvedTypes.js";
import type { TokenFunding } from "./fundingPlan.js";
import { layoutAddresses, type FactoryAddresses } from "./deploymentLayout.js";

const gas = {
  deployFactory: 8_000_000n,
  deploySeeder: 3_000_000n,
  small: 300_000n,
  mintBatchPerRecipient: 60_000n,
  createV2Pair: 3_500_000n,
  createV3Pool: 6_000_000n,
  perV3Position: 400_000n,
};

/**
 * Every transaction of the set-up, in order. The first three are contract creations whose addresses
 * `layoutAddresses` predicts; the rest launch tokens (the seeder initialises them as their minter and mints the
 * supply), fund accounts and the seeder, and create the pools.
 */
export function planDeployment(chain: ResolvedChain, deployer: Address, funding: readonly TokenFunding[], factories?: FactoryAddresses): PlannedTransaction[] {
  const builds = contractBuilds();
  const layout = layoutAddresses(deployer, factories);
  const call = (to: Address, abi: typeof builds.devnetSeeder.abi, functionName: string, args: unknown[]) =>
    encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  const plan: PlannedTransaction[] = [
    { label: "deploy UniswapV2Factory", gas: gas.deployFactory,
      data: encodeDeployData({ abi: builds.uniswapV2Factory.abi, bytecode: builds.uniswapV2Factory.bytecode, args: [deployer] }) },
    { label: "deploy UniswapV3Factory", gas: gas.deployFactory, data: builds.uniswapV3Factory.bytecode },
    { label: "deploy DevnetSeeder", gas: gas.deploySeeder, data: builds.devnetSeeder.bytecode },
    { label: "enable the 0.01% V3 fee tier", gas: gas.small, to: layout.uniswapV3Factory,
      data: call(layout.uniswapV3Factory, builds.uniswapV3Factory.abi, "enableFeeAmount", [100, 1]) },
  ];

  for (const { token, seederAmount, grants } of funding) {
    const recipients = [...(seederAmount > 0n ? [{ address: layout.seeder, amount: seederAmount }] : []), ...grants];
    if (token.kind === "weth9") {
      const total = recipients.reduce((sum, r) => sum + r.amount, 0n);
      plan.push({ label: `wrap ${token.symbol} for the seeder`, gas: gas.small, to: layout.seeder, value: total,
        data: call(layout.seeder, builds.devnetSeeder.abi, "wrapNative", [token.address]) });
      plan.push({ label: `distribute ${token.symbol}`, gas: gas.small + gas.mintBatchPerRecipient * BigInt(grants.length), to: layout.seeder,
        data: call(layout.seeder, builds.devnetSeeder.abi, "distribute", [token.address, grants.map((g) => g.address), grants.map((g) => g.amount)]) });
      continue;
    }
    plan.push({ label: `launch ${token.symbol} at ${token.address}`, gas: gas.small + gas.mintBatchPerRecipient * BigInt(recipients.length),
      to: layout.seeder, data: call(layout.seeder, builds.devnetSeeder.abi, "launchToken", [token.address, token.name, token.symbol,
        token.decimals, recipients.map((r) => r.address), recipients.map((r) => r.amount)]) });
  }

  for (const pool of chain.pools) {
    const pair = `${pool.token0.symbol}/${pool.token1.symbol}`;
    if (pool.protocol === "uniswap-v2") {
      plan.push({ label: `create V2 pool ${pair} (${pool.field})`, gas: gas.createV2Pair, to: layout.seeder,
        data: call(layout.seeder, builds.devnetSeeder.abi, "createV2Pair", [layout.uniswapV2Factory, pool.token0.address, pool.token1.address,
          pool.reserve0 - pool.amountIn, pool.reserve1 + pool.amountOut]) });
    } else {
      plan.push({ label: `create V3 pool ${pair} ${pool.fee} (${pool.field})`, gas: gas.createV3Pool + gas.perV3Position * BigInt(pool.positions.length),
        to: layout.seeder,
        data: call(layout.seeder, builds.devnetSeeder.abi, "createV3Pool", [layout.uniswapV3Factory, pool.token0.address, pool.token1.address,
          pool.fee, pool.sqrtPriceX96, pool.positions.map((p) => p.tickLower), pool.positions.map((p) => p.tickUpper),
          pool.positions.map((p) => p.liquidity)]) });
    }
  }
  return plan;
}
