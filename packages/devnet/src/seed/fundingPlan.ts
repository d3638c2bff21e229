import type { Address } from "viem";
import type { ResolvedChain, ResolvedToken } from "../scenario/resolvedTypes.js";

/** Whole units of every scenario token given to each development account (the wrapped native token: see below). */
export const devAccountTokenUnits = 1_000_000n;
/** Wrapped native coin per development account: wrapped from the deployer's coin, so kept to a believable size. */
export const devAccountWrappedNativeUnits = 1_000n;

export type TokenFunding = {
  token: ResolvedToken;
  /** What the seeder needs for pools and their ageing trades. */
  seederAmount: bigint;
  /** Direct grants: scenario wallets and development accounts. */
  grants: { address: Address; amount: bigint }[];
};

/**
 * How much of each token must exist and who holds it. V2 pools take exact amounts; V3 positions take at most their
 * amounts (rounded up by at most a wei), and the ageing round trip costs dust, covered by a 1% margin.
 */
export function fundingPlan(chain: ResolvedChain, devAccounts: readonly Address[]): TokenFunding[] {
  const seederNeeds = new Map<Address, bigint>();
  const add = (token: ResolvedToken, amount: bigint) => seederNeeds.set(token.address, (seederNeeds.get(token.address) ?? 0n) + amount);
  for (const pool of chain.pools) {
    if (pool.protocol === "uniswap-v2") {
      add(pool.token0, pool.reserve0);
      add(pool.token1, pool.reserve1 + pool.amountOut);
    } else {
      for (const position of pool.positions) {
        add(pool.token0, position.amount0 + position.amount0 / 100n + 2n);
        add(pool.token1, position.amount1 + position.amount1 / 100n + 2n);
      }
    }
  }
  return chain.tokens.map((token) => {
    const grants = chain.wallets.flatMap((wallet) =>
      wallet.balances.filter((b) => b.token.address === token.address).map((b) => ({ address: wallet.address, amount: b.amount })),
    );
    const units = token.kind === "weth9" ? devAccountWrappedNativeUnits : devAccountTokenUnits;
    for (const address of devAccounts) grants.push({ address, amount: units * 10n ** BigInt(token.decimals) });
    return { token, seederAmount: seederNeeds.get(token.address) ?? 0n, grants };
  });
}
