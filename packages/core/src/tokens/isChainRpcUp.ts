import type { PublicClient } from "viem";
import type { ChainName } from "../chains/chains.js";

/** How long an RPC probe is waited for before the chain counts as unreachable. */
export const RPC_PROBE_TIMEOUT_MS = 1_500;
/** How long a probe's answer is reused by this isolate (so a cached list costs no RPC call per request). */
export const RPC_PROBE_REUSE_MS = 3_000;

type Probe = { up: boolean; at: number; running?: Promise<boolean> };
const probes = new Map<string, Probe>();

/**
 * Whether the chain's RPC answers `eth_blockNumber` within `RPC_PROBE_TIMEOUT_MS`. The answer is reused for
 * `RPC_PROBE_REUSE_MS`; concurrent callers share one probe.
 */
export async function isChainRpcUp(chain: ChainName, client: PublicClient, rpcUrl: string, now = Date.now()): Promise<boolean> {
  const key = `${chain}:${rpcUrl}`;
  const known = probes.get(key);
  if (known && now - known.at < RPC_PROBE_REUSE_MS) return known.up;
  if (known?.running) return known.running;
  const running = probe(client).then((up) => {
    probes.set(key, { up, at: Date.now() });
    return up;
  });
  probes.set(key, { up: known?.up ?? false, at: known?.at ?? 0, running });
  return running;
}

async function probe(client: PublicClient): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      client.getBlockNumber({ cacheTime: 0 }),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("RPC probe timed out")), RPC_PROBE_TIMEOUT_MS); }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets every probe (tests). */
export function forgetRpcProbes(): void {
  probes.clear();
}
