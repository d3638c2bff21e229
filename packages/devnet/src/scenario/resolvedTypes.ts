import type { Address } from "viem";
import type { ChainName } from "@sluice/core";
import type { DevnetTokenBehaviour } from "./scenarioSchema.js";

/** A scenario checked against itself and the chain registry, with every amount in raw units. */
export type ResolvedToken = {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
  curated: boolean;
  quality: number;
  lastTradedDaysAgo: number;
  /** The chain's wrapped native token is a real WETH9; every other token is a DevnetToken (or one of contracts/odd). */
  kind: "weth9" | "erc20";
  /** How it transfers once seeded; anything but `standard` is one of contracts/odd, switched on after seeding. */
  behaviour: DevnetTokenBehaviour;
};

type ResolvedPoolBase = {
  /** Where the pool comes from, for error messages: `chains.base.pools[3]` or `chains.base.generate.pools[17]`. */
  field: string;
  /** The pool's token0 and token1 (sorted by address, as Uniswap sorts them). */
  token0: ResolvedToken;
  token1: ResolvedToken;
  /** Its one seeding trade happens this many days before the devnet's current time. */
  tradeDaysAgo: number;
};

export type ResolvedV2Pool = ResolvedPoolBase & {
  protocol: "uniswap-v2";
  reserve0: bigint;
  reserve1: bigint;
  /**
   * The trade that ages the pool: `amountIn` of token0 in, `amountOut` of token1 out. The pair is first funded with
   * (reserve0 − amountIn, reserve1 + amountOut), so after the trade its reserves are exactly the scenario's.
   */
  amountIn: bigint;
  amountOut: bigint;
};

export type ResolvedPosition = { tickLower: number; tickUpper: number; liquidity: bigint; amount0: bigint; amount1: bigint };

export type ResolvedV3Pool = ResolvedPoolBase & {
  protocol: "uniswap-v3";
  fee: number;
  tickSpacing: number;
  sqrtPriceX96: bigint;
  /** The ageing trade moves the price down to here, then back to exactly `sqrtPriceX96`. */
  awaySqrtPriceX96: bigint;
  positions: ResolvedPosition[];
};

export type ResolvedPool = ResolvedV2Pool | ResolvedV3Pool;

export type ResolvedWallet = { address: Address; native: bigint | null; balances: { token: ResolvedToken; amount: bigint }[] };

export type ResolvedChain = {
  name: ChainName;
  chainId: number;
  tokens: ResolvedToken[];
  pools: ResolvedPool[];
  wallets: ResolvedWallet[];
  /** The registry's wrapped native token, installed on every chain whether or not the scenario lists it. */
  wrappedNative: ResolvedToken;
};

export type ResolvedScenario = { name: string; chains: Record<ChainName, ResolvedChain> };
