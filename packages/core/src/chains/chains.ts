/**
 * Static facts about the four chains Sluice serves: names, ids, canonical contracts and curated tokens.
 * Deployment-specific values (RPC URLs, executor, relayers, DEX factories) come from configuration;
 * see `chainConfig.ts`.
 */
import type { Address } from "viem";

export const chainNames = ["ethereum", "base", "arbitrum", "polygon"] as const;
export type ChainName = (typeof chainNames)[number];
export type ChainId = 1 | 8453 | 42161 | 137;

export type CuratedToken = {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
  /** true for a USD stablecoin; used to value swaps in USD. */
  usdStable?: boolean;
  /** true for the chain's wrapped native token (a WETH9). */
  wrappedNative?: boolean;
};

export type ChainFacts = {
  name: ChainName;
  id: ChainId;
  displayName: string;
  nativeSymbol: string;
  publicRpcUrl: string;
  explorerUrl: string;
  logoUrl: string;
  /** Swaps worth less than this (USD) are not gasless: the user submits and pays gas. */
  gaslessMinimumUsd: string;
  /**
   * Blocks on top of a swap's block before its volume counts (the swap's own block included): below this a
   * reorganisation could still remove it. A deployment may override it (`SLUICE_CHAINS.<chain>.confirmations`).
   */
  confirmations: number;
  /**
   * The most a relayer pays per gas (wei, EIP-1559 `maxFeePerGas`): above it a gasless solve is refused, not overpaid.
   * A deployment may override it (`SLUICE_CHAINS.<chain>.maxFeePerGasWei`).
   */
  maxFeePerGasWei: bigint;
  /**
   * The gas price (wei) the router values a route's gas at, only to choose between routes (`findBestRoute`'s
   * `gasCostOut`): a split or an extra hop is kept only when its extra output pays for its extra gas at this price. Never
   * read from the chain (a quote on a seen block makes no RPC call): a typical base fee plus tip, deliberately on the
   * low side, so that it never removes a split that pays for itself at real prices (a low price can only keep a split
   * that barely pays, at a few cents' cost). Nothing is charged at it. A deployment may override it
   * (`SLUICE_CHAINS.<chain>.routingGasPriceWei`).
   */
  routingGasPriceWei: bigint;
  /**
   * The most gas a gasless swap may need per hop of its route (all splits' hops counted, and two more for the permit
   * and the transfers): a swap whose simulation needs more is refused before anything is sent, so a token whose
   * transfer burns gas (perhaps only when a relayer sends) cannot make Sluice pay for it. Arbitrum's gas units include
   * the L1 data cost. A deployment may override it (`SLUICE_CHAINS.<chain>.gaslessGasPerHop`).
   */
  gaslessGasPerHop: bigint;
  /**
   * A relayer holding less than this (wei of the native coin) is taken out of rotation until topped up, and the
   * health endpoint and `pnpm admin doctor` report it. A deployment may override it
   * (`SLUICE_CHAINS.<chain>.minRelayerBalanceWei`).
   */
  minRelayerBalanceWei: bigint;
  /**
   * How long (ms) a quote may use a chain head another request saw, instead of asking the RPC node itself: the
   * freshness contract of /route (a quote's state is at most this far behind the head; its `blockNumber` says which
   * block). About one block time. /solve always reads the chain itself. A deployment may override it
   * (`SLUICE_CHAINS.<chain>.headMaxAgeMs`; 0 reads the head on every quote).
   */
  headMaxAgeMs: number;
  /**
   * Whether `block.number` inside a call is this chain's own block number, so a Multicall3 read at `latest` can tell
   * the block it read (`refreshPoolsAtHead`, /solve's re-quote). Not on Arbitrum, where it is the parent chain's
   * (Ethereum's) block number: there /solve reads the head first.
   */
  callBlockIsChainBlock: boolean;
  /**
   * A pool holding less liquidity than this (USD, at reference prices) is indexed but not routable: the router and
   * the isolates never see it (see routable/). A deployment may override it (`SLUICE_CHAINS.<chain>.routableLiquidityUsd`;
   * 0: every indexed pool is routable).
   */
  routableLiquidityUsd: number;
  /** Across SpokePool (canonical mainnet address). */
  spokePool: Address;
  /**
   * Uniswap's own factories on the chain and the block each was deployed in: a cold index of a configured factory
   * that is one of these starts reading its events there instead of at block 0 (a deployment may override the start
   * with `SLUICE_CHAINS.<chain>.indexStartBlock`; the devnet's factories are not these, so it starts at 0).
   */
  uniswapFactories: { v2: FactoryDeployment; v3: FactoryDeployment };
  /**
   * How many blocks before the cold index's target its catch-up starts, so tokens get their last trade time from
   * recent `Swap` events (about three days of blocks at the chain's block time).
   */
  indexTradeLookbackBlocks: bigint;
  curatedTokens: readonly CuratedToken[];
};

/** A factory contract and the block it was deployed in. */
export type FactoryDeployment = { address: Address; deploymentBlock: bigint };

/** Uniswap's Permit2: the same address on every chain. */
export const PERMIT2_ADDRESS: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
/** Multicall3: the same address on every chain. */
export const MULTICALL3_ADDRESS: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";
/** Across MulticallHandler: the same address on the four chains. */
export const ACROSS_MULTICALL_HANDLER: Address = "0x0F7Ae28dE1C8532170AD4ee566B5801485c13a0E";

export const chains: Record<ChainName, ChainFacts> = {
  ethereum: {
    name: "ethereum",
    id: 1,
    displayName: "Ethereum",
    nativeSymbol: "ETH",
    publicRpcUrl: "https://ethereum-rpc.publicnode.com",
    explorerUrl: "https://etherscan.io",
    logoUrl: "https://assets.sluice.fi/chains/ethereum.svg",
    gaslessMinimumUsd: "250",
    confirmations: 12,
    routableLiquidityUsd: 10_000,
    maxFeePerGasWei: 200_000_000_000n,
    routingGasPriceWei: 1_000_000_000n, // 1 gwei
    gaslessGasPerHop: 250_000n,
    minRelayerBalanceWei: 100_000_000_000_000_000n,
    headMaxAgeMs: 12_000,
    callBlockIsChainBlock: true,
    spokePool: "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5",
    // Uniswap V2/V3 factories: addresses from docs.uniswap.org (contracts/v2/reference/smart-contracts/v2-deployments,
    // contracts/v3/reference/deployments); blocks = each factory's creation transaction on ethereum's explorer (the
    // startBlock of Uniswap's v2-subgraph / v3-subgraph manifests for the chain).
    uniswapFactories: {
      v2: { address: "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f", deploymentBlock: 10_000_835n },
      v3: { address: "0x1F98431c8aD98523631AE4a59f267346ea31F984", deploymentBlock: 12_369_621n },
    },
    indexTradeLookbackBlocks: 21_600n,
    curatedTokens: [
      { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", wrappedNative: true },
      { symbol: "USDC", name: "USD Coin", decimals: 6, address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", usdStable: true },
      { symbol: "USDT", name: "Tether USD", decimals: 6, address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", usdStable: true },
      { symbol: "DAI", name: "Dai Stablecoin", decimals: 18, address: "0x6B175474E89094C44Da98b954EedeAC495271d0F", usdStable: true },
      { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, address: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599" },
    ],
  },
  base: {
    name: "base",
    id: 8453,
    displayName: "Base",
    nativeSymbol: "ETH",
    publicRpcUrl: "https://mainnet.base.org",
    explorerUrl: "https://basescan.org",
    logoUrl: "https://assets.sluice.fi/chains/base.svg",
    gaslessMinimumUsd: "20",
    confirmations: 10,
    routableLiquidityUsd: 10_000,
    maxFeePerGasWei: 5_000_000_000n,
    routingGasPriceWei: 10_000_000n, // 0.01 gwei
    gaslessGasPerHop: 250_000n,
    minRelayerBalanceWei: 10_000_000_000_000_000n,
    headMaxAgeMs: 2_000,
    callBlockIsChainBlock: true,
    spokePool: "0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64",
    // Uniswap V2/V3 factories: addresses from docs.uniswap.org (contracts/v2/reference/smart-contracts/v2-deployments,
    // contracts/v3/reference/deployments); blocks = each factory's creation transaction on base's explorer (the
    // startBlock of Uniswap's v2-subgraph / v3-subgraph manifests for the chain).
    uniswapFactories: {
      v2: { address: "0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6", deploymentBlock: 6_601_915n },
      v3: { address: "0x33128a8fC17869897dcE68Ed026d694621f6FDfD", deploymentBlock: 1_371_680n },
    },
    indexTradeLookbackBlocks: 129_600n,
    curatedTokens: [
      { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: "0x4200000000000000000000000000000000000006", wrappedNative: true },
      { symbol: "USDC", name: "USD Coin", decimals: 6, address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", usdStable: true },
      { symbol: "USDT", name: "Tether USD", decimals: 6, address: "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2", usdStable: true },
      { symbol: "DAI", name: "Dai Stablecoin", decimals: 18, address: "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb", usdStable: true },
      { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, address: "0x0555E30da8f98308EdB960aa94C0Db47230d2B9c" },
    ],
  },
  arbitrum: {
    name: "arbitrum",
    id: 42161,
    displayName: "Arbitrum One",
    nativeSymbol: "ETH",
    publicRpcUrl: "https://arb1.arbitrum.io/rpc",
    explorerUrl: "https://arbiscan.io",
    logoUrl: "https://assets.sluice.fi/chains/arbitrum.svg",
    gaslessMinimumUsd: "20",
    confirmations: 20,
    routableLiquidityUsd: 10_000,
    maxFeePerGasWei: 5_000_000_000n,
    routingGasPriceWei: 10_000_000n, // 0.01 gwei
    gaslessGasPerHop: 1_000_000n,
    minRelayerBalanceWei: 10_000_000_000_000_000n,
    headMaxAgeMs: 250,
    callBlockIsChainBlock: false,
    spokePool: "0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A",
    // Uniswap V2/V3 factories: addresses from docs.uniswap.org (contracts/v2/reference/smart-contracts/v2-deployments,
    // contracts/v3/reference/deployments); blocks = each factory's creation transaction on arbitrum's explorer (the
    // startBlock of Uniswap's v2-subgraph / v3-subgraph manifests for the chain).
    uniswapFactories: {
      v2: { address: "0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9", deploymentBlock: 150_442_611n },
      v3: { address: "0x1F98431c8aD98523631AE4a59f267346ea31F984", deploymentBlock: 165n },
    },
    indexTradeLookbackBlocks: 1_036_800n,
    curatedTokens: [
      { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", wrappedNative: true },
      { symbol: "USDC", name: "USD Coin", decimals: 6, address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", usdStable: true },
      { symbol: "USDT", name: "Tether USD", decimals: 6, address: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", usdStable: true },
      { symbol: "DAI", name: "Dai Stablecoin", decimals: 18, address: "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", usdStable: true },
      { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, address: "0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f" },
    ],
  },
  polygon: {
    name: "polygon",
    id: 137,
    displayName: "Polygon",
    nativeSymbol: "POL",
    publicRpcUrl: "https://polygon-rpc.com",
    explorerUrl: "https://polygonscan.com",
    logoUrl: "https://assets.sluice.fi/chains/polygon.svg",
    gaslessMinimumUsd: "10",
    confirmations: 64,
    routableLiquidityUsd: 10_000,
    maxFeePerGasWei: 2_000_000_000_000n,
    routingGasPriceWei: 30_000_000_000n, // 30 gwei
    gaslessGasPerHop: 250_000n,
    minRelayerBalanceWei: 20_000_000_000_000_000_000n,
    headMaxAgeMs: 2_000,
    callBlockIsChainBlock: true,
    spokePool: "0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096",
    // Uniswap V2/V3 factories: addresses from docs.uniswap.org (contracts/v2/reference/smart-contracts/v2-deployments,
    // contracts/v3/reference/deployments); blocks = each factory's creation transaction on polygon's explorer (the
    // startBlock of Uniswap's v2-subgraph / v3-subgraph manifests for the chain).
    uniswapFactories: {
      v2: { address: "0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C", deploymentBlock: 49_948_178n },
      v3: { address: "0x1F98431c8aD98523631AE4a59f267346ea31F984", deploymentBlock: 22_757_547n },
    },
    indexTradeLookbackBlocks: 129_600n,
    curatedTokens: [
      { symbol: "WPOL", name: "Wrapped Polygon Ecosystem Token", decimals: 18, address: "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270", wrappedNative: true },
      { symbol: "WETH", name: "Wrapped Ether", decimals: 18, address: "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619" },
      { symbol: "USDC", name: "USD Coin", decimals: 6, address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", usdStable: true },
      { symbol: "USDT", name: "Tether USD", decimals: 6, address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", usdStable: true },
      { symbol: "DAI", name: "Dai Stablecoin", decimals: 18, address: "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", usdStable: true },
      { symbol: "WBTC", name: "Wrapped BTC", decimals: 8, address: "0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6" },
    ],
  },
};

export const chainIds: readonly ChainId[] = chainNames.map((n) => chains[n].id);

export function isChainName(value: unknown): value is ChainName {
  return typeof value === "string" && (chainNames as readonly string[]).includes(value);
}

export function chainById(id: number): ChainFacts | undefined {
  return chainNames.map((n) => chains[n]).find((c) => c.id === id);
}
