/** Uniswap's QuoterV2 from the official npm build: the tests' independent source of V3 swap outputs. */
import { createRequire } from "node:module";
import type { Hex } from "viem";

const require = createRequire(import.meta.url);

export const quoterV2Bytecode = (
  require("@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json") as { bytecode: Hex }
).bytecode;
