import { encodeAbiParameters, encodePacked, getContractAddress, keccak256, type Address } from "viem";
import { contractBuilds } from "../contracts/artifacts.js";

/**
 * The deployer's first transactions, in this order, on every chain: so the factories and the seeder sit at the
 * same addresses on every run (and on every chain).
 */
export const deployerNonces = { uniswapV2Factory: 0, uniswapV3Factory: 1, seeder: 2, firstSeedingTransaction: 3 } as const;

/** Where the Uniswap factories sit when not at the deployer's first nonces: the real chain's addresses (fork mode). */
export type FactoryAddresses = { v2: Address; v3: Address };

/** The devnet's contract addresses; `factories` moves the Uniswap factories to given addresses (`installFactoriesAt`). */
export function layoutAddresses(deployer: Address, factories?: FactoryAddresses) {
  const at = (nonce: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  return {
    uniswapV2Factory: factories?.v2 ?? at(deployerNonces.uniswapV2Factory),
    uniswapV3Factory: factories?.v3 ?? at(deployerNonces.uniswapV3Factory),
    seeder: at(deployerNonces.seeder),
  };
}

let initCodeHashes: { v2: `0x${string}`; v3: `0x${string}` } | undefined;

/** The init code hashes of Uniswap's V2 pair and V3 pool (from the official builds): what their CREATE2 addresses use. */
export function poolInitCodeHashes(): { v2: `0x${string}`; v3: `0x${string}` } {
  return hashes();
}

function hashes() {
  initCodeHashes ??= { v2: keccak256(contractBuilds().uniswapV2Pair.bytecode), v3: keccak256(contractBuilds().uniswapV3Pool.bytecode) };
  return initCodeHashes;
}

/** Pool addresses are asked for by seeding and by the manifest; with 10,000 pools the hashing adds up. */
const poolAddresses = new Map<string, Address>();
function memo(key: string, compute: () => Address): Address {
  let address = poolAddresses.get(key);
  if (!address) poolAddresses.set(key, (address = compute()));
  return address;
}

/** UniswapV2Factory.createPair's CREATE2 address (tokens already sorted). */
export function v2PairAddress(factory: Address, token0: Address, token1: Address): Address {
  return memo(`v2:${factory}:${token0}:${token1}`, () => computeV2PairAddress(factory, token0, token1));
}

function computeV2PairAddress(factory: Address, token0: Address, token1: Address): Address {
  const salt = keccak256(encodePacked(["address", "address"], [token0, token1]));
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash: hashes().v2 });
}

/** UniswapV3PoolDeployer's CREATE2 address (tokens already sorted). */
export function v3PoolAddress(factory: Address, token0: Address, token1: Address, fee: number): Address {
  return memo(`v3:${factory}:${token0}:${token1}:${fee}`, () => computeV3PoolAddress(factory, token0, token1, fee));
}

function computeV3PoolAddress(factory: Address, token0: Address, token1: Address, fee: number): Address {
  const salt = keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, fee]));
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash: hashes().v3 });
}
