import { chainNames, chains, type ChainName } from "@sluice/core";
import type { Scenario, ScenarioChain } from "./scenarioSchema.js";
import type { ResolvedChain, ResolvedScenario, ResolvedToken, ResolvedWallet } from "./resolvedTypes.js";
import { ScenarioError } from "./scenarioError.js";
import { parseAmount } from "./parseAmount.js";
import { registryWrappedNative, resolveTokens, tokenLookup } from "./resolveTokens.js";
import { resolvePools } from "./resolvePools.js";
import { generateGraph } from "./generateGraph.js";
import { generateMainnetLikeGraph } from "./generateMainnetLikeGraph.js";

/**
 * Checks everything a shape check cannot (unknown tokens, duplicate pools, prices a pool cannot hold, ages no trade
 * can realise) and converts the scenario to raw units. Runs before any node starts, so a bad file costs nothing.
 */
export function resolveScenario(scenario: Scenario): ResolvedScenario {
  const resolved = {} as Record<ChainName, ResolvedChain>;
  for (const name of chainNames) resolved[name] = resolveChain(name, scenario.chains[name] ?? { tokens: [], pools: [], wallets: [] });
  return { name: scenario.name, chains: resolved };
}

function resolveChain(name: ChainName, chain: ScenarioChain): ResolvedChain {
  const prefix = `chains.${name}`;
  const generated = !chain.generate ? { tokens: [], pools: [] }
    : chain.generate.mode === "mainnet-like" ? generateMainnetLikeGraph(name, chain.generate, chain.tokens, `${prefix}.generate`)
    : generateGraph(name, chain.generate, `${prefix}.generate`);
  const tokens = resolveTokens(name, [...chain.tokens, ...generated.tokens], `${prefix}.tokens`);
  const pools = [
    ...resolvePools(chain.pools, tokens, `${prefix}.pools`),
    ...resolvePools(generated.pools, tokens, `${prefix}.generate.pools`),
  ];
  checkTradeAges(tokens, pools, prefix, chain.tokens.length);
  const lookup = tokenLookup(tokens);
  const wallets = chain.wallets.map((wallet, index): ResolvedWallet => {
    const field = `${prefix}.wallets[${index}]`;
    return {
      address: wallet.address,
      native: wallet.native === undefined ? null : parseAmount(wallet.native, 18, `${field}.native`, chains[name].nativeSymbol),
      balances: Object.entries(wallet.balances).map(([reference, amount]) => {
        const token = lookup(reference, `${field}.balances.${reference}`);
        return { token, amount: parseAmount(amount, token.decimals, `${field}.balances.${reference}`, token.symbol) };
      }),
    };
  });
  const wrappedNative = tokens.find((t) => t.kind === "weth9") ?? registryWrappedNative(name);
  return { name, chainId: chains[name].id, tokens, pools, wallets, wrappedNative };
}

/**
 * Each pool is traded once, as long ago as its staler token allows. A token's last trade is then its freshest pool's
 * trade, which must equal its `lastTradedDaysAgo`: a fresh token whose every pool holds a stale token cannot be fresh.
 */
function checkTradeAges(tokens: readonly ResolvedToken[], pools: ReturnType<typeof resolvePools>, prefix: string, listedTokens: number) {
  const freshest = new Map<string, number>();
  for (const pool of pools) {
    for (const token of [pool.token0, pool.token1]) {
      const known = freshest.get(token.address);
      if (known === undefined || pool.tradeDaysAgo < known) freshest.set(token.address, pool.tradeDaysAgo);
    }
  }
  tokens.forEach((token, index) => {
    const days = freshest.get(token.address);
    if (days !== undefined && days !== token.lastTradedDaysAgo) {
      const field = index < listedTokens ? `${prefix}.tokens[${index}]` : `${prefix}.generate`;
      throw new ScenarioError(
        `${field}.lastTradedDaysAgo`,
        `${token.symbol} trades only in pools with tokens last traded ${days} days ago; give it a pool with a token as fresh as itself`,
      );
    }
  });
}
