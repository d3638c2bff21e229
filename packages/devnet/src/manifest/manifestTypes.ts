import type { Address, Hex } from "viem";
import type { ChainName } from "@sluice/core";

export type ManifestToken = {
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
  curated: boolean;
  /** The upstream quality score (0–100). Off-chain data: on the devnet this manifest is its source. */
  quality: number;
  lastTradedDaysAgo: number;
  /**
   * How it transfers (`standard`, `fee-on-transfer`, `transfer-blocking`, `rebasing`, or a honeypot: `sell-blocking`,
   * `sell-tax`, `live-sell-blocking`): the devnet's ground truth.
   */
  behaviour: "standard" | "fee-on-transfer" | "transfer-blocking" | "rebasing" | "sell-blocking" | "sell-tax" | "live-sell-blocking";
};

export type ManifestPool = { protocol: "uniswap-v2" | "uniswap-v3"; address: Address; tokens: [Address, Address]; fee?: number };

export type ManifestWallet = { address: Address; native: string | null; balances: { symbol: string; address: Address; amount: string }[] };

/**
 * One chain of the devnet. `rpcUrl`, `executor`, `relayers`, `uniswapV2Factory` and `uniswapV3Factory` have the
 * shape of core's `chainDeploymentSchema`, so `manifest.chains` parses as Sluice's chain configuration.
 */
export type ManifestChain = {
  chainId: number;
  rpcUrl: string;
  permit2: Address;
  multicall3: Address;
  /** Sluice's executor, or null when it was not deployed. */
  executor: Address | null;
  relayers: Address[];
  uniswapV2Factory: Address;
  uniswapV3Factory: Address;
  /** The contract that created the pools and holds the V3 positions (there is no position manager on the devnet). */
  seeder: Address;
  weth: Address;
  tokens: ManifestToken[];
  pools: ManifestPool[];
  wallets: ManifestWallet[];
};

export type ManifestAccount = { address: Address; privateKey: Hex };

export type DevnetManifest = {
  scenario: string;
  /** When the devnet was started (ISO 8601). */
  startedAt: string;
  /** The chains' "now" after seeding (ISO 8601): trade ages count back from it. */
  devnetTime: string;
  /** anvil's public development accounts and their roles (the same on every chain). */
  accounts: {
    deployer: Address;
    relayers: Address[];
    bridgeFeeRecipient: Address;
    dev: ManifestAccount[];
  };
  chains: Record<ChainName, ManifestChain>;
};
