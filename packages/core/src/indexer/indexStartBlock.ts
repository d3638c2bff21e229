import type { Address } from "viem";
import { chains, type ChainName } from "../chains/chains.js";
import type { ChainDeployment } from "../chains/chainConfig.js";

/**
 * Where a cold index of `chain` starts reading factory events: the deployment's `indexStartBlock` when set; else the
 * earliest deployment block of the configured factories that are the registry's Uniswap factories (`chains.ts`);
 * else 0 (the devnet, or a factory the registry does not know).
 */
export function indexStartBlock(chain: ChainName, deployment: Pick<ChainDeployment, "uniswapV2Factory" | "uniswapV3Factory" | "indexStartBlock">): bigint {
  if (deployment.indexStartBlock !== undefined) return BigInt(deployment.indexStartBlock);
  const { v2, v3 } = chains[chain].uniswapFactories;
  const same = (a: Address | undefined, b: Address) => !!a && a.toLowerCase() === b.toLowerCase();
  const configured = [deployment.uniswapV2Factory, deployment.uniswapV3Factory].filter((a) => a !== undefined);
  if (configured.length === 0) return 0n;
  const blocks: bigint[] = [];
  for (const factory of configured) {
    if (same(factory, v2.address)) blocks.push(v2.deploymentBlock);
    else if (same(factory, v3.address)) blocks.push(v3.deploymentBlock);
    else return 0n;
  }
  return blocks.reduce((a, b) => (a < b ? a : b));
}
