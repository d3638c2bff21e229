/**
 * Every contract the devnet installs, read from the npm packages that ship the official builds (Uniswap, Permit2,
 * WETH9, Multicall3) and from this package's own compiled artifacts. Nothing here is compiled at run time.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Abi, Hex } from "viem";
import { artifactsDir } from "../paths.js";

const require = createRequire(import.meta.url);

export type ContractBuild = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };

/** A file inside an npm package, found even when the package's `exports` map does not list it. */
function packageFile(packageName: string, path: string): string {
  let dir = dirname(require.resolve(packageName));
  while (dir !== dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (manifest.name === packageName) return join(dir, path);
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  throw new Error(`package ${packageName} not found`);
}

const hex = (value: string): Hex => (value.startsWith("0x") ? value : `0x${value}`) as Hex;

type TruffleBuild = { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } };
type HardhatBuild = { abi: Abi; bytecode: string; deployedBytecode: string };

function fromTruffle(path: string): ContractBuild {
  const build = require(path) as TruffleBuild;
  return { abi: build.abi, bytecode: hex(build.evm.bytecode.object), deployedBytecode: hex(build.evm.deployedBytecode.object) };
}

function fromHardhat(path: string): ContractBuild {
  const build = require(path) as HardhatBuild;
  return { abi: build.abi, bytecode: hex(build.bytecode), deployedBytecode: hex(build.deployedBytecode) };
}

function fromDevnetArtifacts(name: string): ContractBuild {
  return fromHardhat(join(artifactsDir, `${name}.json`));
}

let loaded: ReturnType<typeof load> | undefined;

export function contractBuilds() {
  loaded ??= load();
  return loaded;
}

function load() {
  return {
    /** Uniswap's canonical Permit2 runtime code (mainnet build, as shipped by @1inch/solidity-utils). */
    permit2RuntimeCode: hex((require(packageFile("@1inch/solidity-utils", "dist/src/permit2.json")) as { bytecode: string }).bytecode),
    /**
     * Multicall3's creation code as shipped in viem (the code viem itself runs for deployless multicall). viem does
     * not export it from its entry point, so it is read from the pinned version's constants module.
     */
    multicall3CreationCode: (require(packageFile("viem", "_cjs/constants/contracts.js")) as { multicall3Bytecode: Hex })
      .multicall3Bytecode,
    weth9: fromTruffle("@uniswap/v2-periphery/build/WETH9.json"),
    uniswapV2Factory: fromTruffle("@uniswap/v2-core/build/UniswapV2Factory.json"),
    uniswapV2Pair: fromTruffle("@uniswap/v2-core/build/UniswapV2Pair.json"),
    uniswapV3Factory: fromHardhat("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"),
    uniswapV3Pool: fromHardhat("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"),
    devnetToken: fromDevnetArtifacts("DevnetToken"),
    devnetSeeder: fromDevnetArtifacts("DevnetSeeder"),
    feeOnTransferToken: fromDevnetArtifacts("FeeOnTransferToken"),
    pausableToken: fromDevnetArtifacts("PausableToken"),
    rebasingToken: fromDevnetArtifacts("RebasingToken"),
    honeypotToken: fromDevnetArtifacts("HoneypotToken"),
  };
}

export function readArtifactFile(name: string): string {
  return readFileSync(join(artifactsDir, `${name}.json`), "utf8");
}
