import type { Address } from "viem";

/**
 * The shard (of `count`, a power of two) an address lives in: its low 32 bits. Pool and token addresses are
 * keccak-derived, so their bits are uniform.
 */
export function shardIndexOf(address: Address, count: number): number {
  return (Number.parseInt(address.slice(-8), 16) >>> 0) & (count - 1);
}
