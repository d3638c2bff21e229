import type { PublicClient } from "viem";
import { parseChainConfig } from "./chainConfig.js";
import { chainById, type ChainName } from "./chains.js";
import { createChainClient } from "./createChainClient.js";

/**
 * A lookup of chain clients, by name or chain id, for work that touches several chains at once (finalising solves,
 * bridge status, the crons): a client per configured chain, built on first use and kept for this lookup only (one request or one cron run), undefined
 * for a chain this deployment does not configure.
 */
export function chainClientLookup(sluiceChains: string | undefined, timeoutMs?: number): (chain: ChainName | number) => PublicClient | undefined {
  const config = parseChainConfig(sluiceChains);
  const built = new Map<ChainName, PublicClient>();
  return (nameOrId) => {
    const chain = typeof nameOrId === "number" ? chainById(nameOrId)?.name : nameOrId;
    const deployment = chain && config[chain];
    if (!chain || !deployment) return undefined;
    let client = built.get(chain);
    if (!client) built.set(chain, (client = createChainClient({ chain, deployment, timeoutMs })));
    return client;
  };
}
