/**
 * Bytecode of the official Uniswap and Permit2 builds shipped on npm, for the executor's interim test chain.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hex } from "viem";

const require = createRequire(import.meta.url);

function hardhatBytecode(path: string): Hex {
  return (require(path) as { bytecode: Hex }).bytecode;
}

function waffleBytecode(path: string): Hex {
  return `0x${(require(path) as { bytecode: string }).bytecode}`;
}

export const uniswapBytecode = {
  erc20: waffleBytecode("@uniswap/v2-core/build/ERC20.json"),
  weth9: waffleBytecode("@uniswap/v2-periphery/build/WETH9.json"),
  v2Factory: waffleBytecode("@uniswap/v2-core/build/UniswapV2Factory.json"),
  v3Factory: hardhatBytecode("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"),
  positionManager: hardhatBytecode(
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
  ),
  quoterV2: hardhatBytecode("@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json"),
};

/** Permit2's runtime code, installed at its canonical address with `anvil_setCode`. */
// The package's exports hide its data files; its main entry sits in the same `dist/src` folder.
const solidityUtilsDist = dirname(require.resolve("@1inch/solidity-utils"));
export const permit2RuntimeCode = (
  JSON.parse(readFileSync(join(solidityUtilsDist, "permit2.json"), "utf8")) as { bytecode: Hex }
).bytecode;
