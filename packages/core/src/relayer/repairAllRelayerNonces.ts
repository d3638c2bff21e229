import { parseChainConfig } from "../chains/chainConfig.js";
import { chainClientLookup } from "../chains/chainClientLookup.js";
import { chainNames, chains, type ChainName } from "../chains/chains.js";
import { chainSettings } from "../chains/chainSettings.js";
import type { Redis } from "../redis/createRedis.js";
import { parseRelayerAccounts } from "./parseRelayerAccounts.js";
import { repairRelayerNonces, type RelayerRepair } from "./repairRelayerNonces.js";

export type RepairAllRelayerNoncesParameters = {
  redis: Redis;
  sluiceChains: string | undefined;
  relayerPrivateKeys: string | undefined;
  /** `RELAYER_STUCK_AFTER_MS`: a transaction pending this long is replaced. */
  stuckAfterMs: number;
  /** Each RPC call's limit (ms); default 5 s. */
  rpcTimeoutMs?: number;
};

export type RepairAllRelayerNoncesReturnType = Partial<Record<ChainName, RelayerRepair[]>>;

/**
 * The relayer repair (`repairRelayerNonces`) on every chain this deployment sends gasless swaps on, for the swap
 * worker's cron. The repair also runs after each gasless send, but only then: a transaction the node never got
 * (its send cut by a network fault, answered with its hash as sent perhaps) left its nonce a gap, and the swaps sent
 * after it in the same burst waited behind the gap — answered with their hashes, never mined — until the next
 * gasless swap on that chain, however long the quiet. The cron bounds that wait to a minute past the repair's own
 * thresholds. A chain whose repair fails is left for the next run; the others go on. Answers what each chain's did.
 */
export async function repairAllRelayerNonces(p: RepairAllRelayerNoncesParameters): Promise<RepairAllRelayerNoncesReturnType> {
  const config = parseChainConfig(p.sluiceChains);
  const clients = chainClientLookup(p.sluiceChains, p.rpcTimeoutMs ?? 5_000);
  const done: RepairAllRelayerNoncesReturnType = {};
  await Promise.all(chainNames.filter((name) => config[name]?.executor).map(async (name) => {
    const deployment = config[name]!;
    const relayers = parseRelayerAccounts(p.relayerPrivateKeys, deployment.relayers);
    const client = clients(name);
    if (relayers.length === 0 || !client) return;
    const repairs = await repairRelayerNonces({
      redis: p.redis, client, chainId: chains[name].id, relayers, stuckAfterMs: p.stuckAfterMs,
      maxFeePerGasCap: chainSettings(name, deployment).maxFeePerGasWei,
    }).catch(() => []);
    if (repairs.length > 0) done[name] = repairs;
  }));
  return done;
}
