import type { Address } from "viem";

/** The Redis keys of one relayer wallet on one chain (see `sendRelayerTransaction` for how they are used). */
export function relayerKeys(chainId: number, relayer: Address) {
  const base = `relayer:${chainId}:${relayer.toLowerCase()}`;
  return {
    /** The next nonce to hand out. */
    next: `${base}:next`,
    /** Nonces handed out but never sent (a sorted set scored by nonce): reused first, or plugged by the repair. */
    holes: `${base}:holes`,
    /** Sent transactions not yet known mined: nonce → JSON of what was sent, for replacement. */
    inflight: `${base}:inflight`,
    /** When a nonce was last handed out (ms); the repair never resets the counter right after an allocation. */
    lastAllocation: `${base}:last-allocation`,
  };
}

/** A lease so only one repair per chain runs at a time. */
export function relayerRepairLeaseKey(chainId: number): string {
  return `relayer:${chainId}:repair-lease`;
}

/** Round-robin counter spreading solves over a chain's relayers. */
export function relayerRoundRobinKey(chainId: number): string {
  return `relayer:${chainId}:round-robin`;
}
