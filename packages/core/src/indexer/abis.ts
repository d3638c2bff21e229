/** The parts of the Uniswap V2/V3 and ERC-20 ABIs the indexer reads. */
import { parseAbi } from "viem";

export const v2FactoryEvents = parseAbi([
  "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairIndex)",
]);

export const v3FactoryEvents = parseAbi([
  "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
]);

/** The factories' creation events: the only way a pool is discovered. */
export const factoryEvents = [...v2FactoryEvents, ...v3FactoryEvents];
const factoryEventNames: ReadonlySet<string> = new Set(factoryEvents.map((e) => e.name));
/** Whether an event (by name) is a factory's creation of a pool (`PairCreated`, `PoolCreated`). */
export const isFactoryEvent = (name: string): boolean => factoryEventNames.has(name);

export const v2PairEvents = parseAbi([
  "event Sync(uint112 reserve0, uint112 reserve1)",
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
]);

export const v3PoolEvents = parseAbi([
  "event Initialize(uint160 sqrtPriceX96, int24 tick)",
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
]);

/** The V3 events that change a pool's ticks. */
export const v3MintBurnEvents = v3PoolEvents.filter((e) => e.name === "Mint" || e.name === "Burn");

/** Multicall3's own block number: read in the same call as the state it was read at (`readPoolStates` at "latest"). */
export const multicall3BlockNumberAbi = parseAbi(["function getBlockNumber() view returns (uint256 blockNumber)"]);

/** Every event the indexer reads, in one log filter. */
export const indexedEvents = [...factoryEvents, ...v2PairEvents, ...v3PoolEvents];

export const v2PairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
]);

export const v3PoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
  "function liquidity() view returns (uint128)",
  "function tickBitmap(int16 wordPosition) view returns (uint256)",
  "function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet, uint256 feeGrowthOutside0X128, uint256 feeGrowthOutside1X128, int56 tickCumulativeOutside, uint160 secondsPerLiquidityOutsideX128, uint32 secondsOutside, bool initialized)",
]);

export const erc20MetadataAbi = parseAbi([
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
]);

/** Some old tokens (MKR, SAI) return `symbol()` as bytes32. */
export const erc20Bytes32SymbolAbi = parseAbi(["function symbol() view returns (bytes32)"]);
