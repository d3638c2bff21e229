import { SluiceError } from "../errors/SluiceError.js";
import { parseChainConfig, type ChainConfig, type ChainDeployment } from "./chainConfig.js";
import type { ChainName } from "./chains.js";

const parsed = new Map<string, ChainConfig>();

/**
 * The deployment configuration of one chain from the `SLUICE_CHAINS` JSON (parsed once per isolate).
 * A chain the deployment does not serve answers UNSUPPORTED_CHAIN.
 */
export function requireChainDeployment(json: string | undefined, chain: ChainName): ChainDeployment {
  const key = json ?? "";
  let config = parsed.get(key);
  if (!config) {
    config = parseChainConfig(json);
    parsed.set(key, config);
  }
  const deployment = config[chain];
  if (!deployment) throw new SluiceError("UNSUPPORTED_CHAIN", `chain: ${chain} is not configured on this deployment`);
  return deployment;
}
