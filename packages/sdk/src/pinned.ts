/**
 * What the SDK knows without asking the API, so that an answer from `baseUrl` (a compromised API, a proxy, a wrong
 * URL) cannot make the user's wallet sign or send anything else. Each value is the chain's or Sluice's contract
 * code's, not a deployment's setting; a repository test keeps every one equal to its source (packages/contracts'
 * artifact and deployment address, core's chain registry).
 */
import type { Address } from "viem";

/** Uniswap's Permit2, the same address on every chain: the only contract the SDK approves and signs permits for. */
export const PERMIT2_ADDRESS: Address = "0x000000000022D473030F116dDEE9F6B43aC78BA3";

/**
 * The local stack's executor: where `pnpm admin deploy-executor` puts the committed SluiceExecutor artifact with the
 * devnet's deploying key (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, whose private key is public: never a real
 * chain's). The SDK uses it only for a client of a Sluice on this machine (`baseUrl` on a loopback address); any other
 * client is given its deployment's executor (`createSluiceClient({ executor })`), which follows from the operator's
 * own deploying key.
 */
export const DEVNET_EXECUTOR_ADDRESS: Address = "0xb016b8A52eC70f878161977B1DEa4cF77DBA539D";

/** The EIP-712 types of Permit2's `permitWitnessTransferFrom` with Sluice's `SluiceSwap` witness, exactly. */
export const PERMIT_WITNESS_TYPES = {
  PermitWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "SluiceSwap" },
  ],
  SluiceSwap: [
    { name: "tokenOut", type: "address" },
    { name: "minAmountOut", type: "uint256" },
    { name: "recipient", type: "address" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
} as const;

/** The furthest a permit's deadline may lie ahead (Sluice's own bound, decisions §2.8: 30 days). */
export const PERMIT_MAX_LIFETIME_SECONDS = 30 * 86_400;

type PinnedToken = { symbol: string; address: Address; decimals: number };

/**
 * The curated tokens of each chain (core's chain registry): a request naming one of these symbols means this token,
 * as it does for /route (the curated token of that symbol, exact case first) and for the bridge (curated only).
 */
export const CURATED_TOKENS: Readonly<Record<number, readonly PinnedToken[]>> = {
  1: [
    { symbol: "WETH", address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", decimals: 18 },
    { symbol: "USDC", address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6 },
    { symbol: "USDT", address: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
    { symbol: "DAI", address: "0x6B175474E89094C44Da98b954EedeAC495271d0F", decimals: 18 },
    { symbol: "WBTC", address: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599", decimals: 8 },
  ],
  8453: [
    { symbol: "WETH", address: "0x4200000000000000000000000000000000000006", decimals: 18 },
    { symbol: "USDC", address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", decimals: 6 },
    { symbol: "USDT", address: "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2", decimals: 6 },
    { symbol: "DAI", address: "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb", decimals: 18 },
    { symbol: "WBTC", address: "0x0555E30da8f98308EdB960aa94C0Db47230d2B9c", decimals: 8 },
  ],
  42161: [
    { symbol: "WETH", address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", decimals: 18 },
    { symbol: "USDC", address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", decimals: 6 },
    { symbol: "USDT", address: "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", decimals: 6 },
    { symbol: "DAI", address: "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", decimals: 18 },
    { symbol: "WBTC", address: "0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f", decimals: 8 },
  ],
  137: [
    { symbol: "WPOL", address: "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270", decimals: 18 },
    { symbol: "WETH", address: "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619", decimals: 18 },
    { symbol: "USDC", address: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", decimals: 6 },
    { symbol: "USDT", address: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", decimals: 6 },
    { symbol: "DAI", address: "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", decimals: 18 },
    { symbol: "WBTC", address: "0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6", decimals: 8 },
  ],
};

/** Across' SpokePool on each chain: the only contract a bridge deposit from the wallet may call and be approved to. */
export const ACROSS_SPOKE_POOLS: Readonly<Record<number, Address>> = {
  1: "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5",
  8453: "0x09aea4b2242abC8bb4BB78D537A67a245A7bEC64",
  42161: "0xe35e9842fceaCA96570B734083f4a58e8F7C5f2A",
  137: "0x9295ee1d8C5b022Be115A2AD3c30C72E34e7F096",
};

/** Across' MulticallHandler (the same address on the four chains): a deposit's recipient when Sluice's fee is paid. */
export const ACROSS_MULTICALL_HANDLER: Address = "0x0F7Ae28dE1C8532170AD4ee566B5801485c13a0E";

/** Symbols of the curated USD stablecoins (core's chain registry, `usdStable`): valued 1:1 with each other. */
export const USD_STABLE_SYMBOLS: ReadonlySet<string> = new Set(["USDC", "USDT", "DAI"]);

/** Sluice's bridge app fee (core's `BRIDGE_APP_FEE_BPS`): the most the handler message may pay the fee recipient. */
export const BRIDGE_APP_FEE_BPS = 10n;

/**
 * The most a same-asset bridge deposit may keep in fees (relayer, LP, destination gas), in bps of its input: core's
 * `DEFAULT_MAX_BRIDGE_FEE_BPS`, the default of a deployment's `BRIDGE_MAX_FEE_BPS` (the server's economic floor), and
 * so the default of the client's `bridgeMaxFeeBps` (a deployment may set 1 to 1000).
 */
export const BRIDGE_MAX_FEE_BPS = 300n;

/** The least time a deposit's fill deadline must leave relayers (core's `MIN_FILL_WINDOW_SECONDS`). */
export const BRIDGE_MIN_FILL_WINDOW_SECONDS = 600;

/** The SpokePool's `depositQuoteTimeBuffer`: a deposit reverts once its block is this long after its quote timestamp. */
export const SPOKE_POOL_QUOTE_TIME_BUFFER_SECONDS = 3600;

/** Above this, the SpokePool reads `exclusivityParameter` as an absolute timestamp, not an offset. */
export const SPOKE_POOL_MAX_EXCLUSIVITY_PERIOD_SECONDS = 31_536_000;
