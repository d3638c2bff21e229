import { parseEther, toHex, type Address } from "viem";
import type { JsonRpc } from "../rpc/jsonRpc.js";
import { transactionBatcher } from "../rpc/transactionBatcher.js";
import type { ResolvedChain } from "../scenario/resolvedTypes.js";
import { installCanonicalCode, setNativeBalances } from "./installCanonicalCode.js";
import { fundingPlan } from "./fundingPlan.js";
import { planDeployment } from "./planDeployment.js";
import { planTrades } from "./planTrades.js";
import { deployerNonces, layoutAddresses, type FactoryAddresses } from "./deploymentLayout.js";
import { installFactoriesAt } from "./installFactoriesAt.js";
import { packSeederCalls } from "./packSeederCalls.js";
import { planOddBehaviours } from "./planOddBehaviours.js";

export type SeedAccounts = { deployer: Address; devAccounts: readonly Address[] };

/** Native coin the deployer keeps for gas after wrapping what the pools and accounts need. */
const deployerGasReserve = parseEther("10000");

/**
 * Seeds one chain: canonical code, factories, tokens, balances and pools at the genesis time in the past, then the
 * ageing trades at their past timestamps, ending at `now`, then the non-standard tokens' behaviours switched on. Automine is off throughout so thousands of transactions
 * share a block; it is switched back on at the end, leaving an ordinary anvil.
 */
export async function seedChain(rpc: JsonRpc, chain: ResolvedChain, accounts: SeedAccounts, now: number, factories?: FactoryAddresses): Promise<void> {
  const funding = fundingPlan(chain, accounts.devAccounts);
  const wrappedNeeded = funding
    .filter((f) => f.token.kind === "weth9")
    .reduce((sum, f) => sum + f.seederAmount + f.grants.reduce((s, g) => s + g.amount, 0n), 0n);

  await rpc.call("evm_setAutomine", [false]);
  await installCanonicalCode(rpc, chain.wrappedNative, chain.tokens.filter((t) => t.kind === "erc20"));
  await setNativeBalances(rpc, [
    { address: accounts.deployer, amount: deployerGasReserve + wrappedNeeded },
    ...chain.wallets.filter((w) => w.native !== null).map((w) => ({ address: w.address, amount: w.native! })),
  ]);

  const nonce = Number(BigInt(await rpc.call<string>("eth_getTransactionCount", [accounts.deployer, "latest"])));
  if (nonce !== 0) throw new Error(`the deployer has already sent ${nonce} transactions on chain ${chain.chainId}; seed a fresh node`);
  const batcher = transactionBatcher(rpc, accounts.deployer, nonce);
  // Factories at the real chain's addresses: installed there before the set-up's transactions use them (the deployments
  // at nonces 0 and 1 still happen, so the seeder stays at nonce 2).
  if (factories) await installFactoriesAt(rpc, accounts.deployer, factories);
  const layout = layoutAddresses(accounts.deployer);
  const receipts = await batcher.run(packSeederCalls(planDeployment(chain, accounts.deployer, funding, factories), layout.seeder));
  const deployed = [receipts[deployerNonces.uniswapV2Factory]!.contractAddress, receipts[deployerNonces.uniswapV3Factory]!.contractAddress,
    receipts[deployerNonces.seeder]!.contractAddress];
  const expected = [layout.uniswapV2Factory, layout.uniswapV3Factory, layout.seeder];
  if (deployed.some((address, i) => address?.toLowerCase() !== expected[i]!.toLowerCase())) {
    throw new Error(`contracts deployed at unexpected addresses on chain ${chain.chainId}: ${deployed.join(", ")}`);
  }

  for (const block of planTrades(chain, accounts.deployer, now, factories)) {
    await batcher.run(packSeederCalls(block.transactions, layout.seeder), { timestamp: block.timestamp });
  }
  const oddBehaviours = planOddBehaviours(chain);
  if (oddBehaviours.length > 0) await batcher.run(oddBehaviours);

  const latest = await rpc.call<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
  if (Number(BigInt(latest.timestamp)) < now) {
    await rpc.call("evm_setNextBlockTimestamp", [toHex(now)]);
    await rpc.call("evm_mine", []);
  }
  await rpc.call("evm_setAutomine", [true]);
}
