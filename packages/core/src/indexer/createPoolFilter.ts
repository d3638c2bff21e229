import type { Address } from "viem";

/**
 * Which pool addresses a chain's index holds, as a Bloom filter: `mayHold` is false only for an address never added
 * (a pool of another factory whose logs share our events' topics), true for every added one and, at about 10 bits a
 * pool, for ~1% of the others. Only the indexer reads it, to skip loading an `x` shard for a pool that is not there.
 *
 * Hand-written (about 40 lines) because it needs no hashing: pool addresses come from CREATE/CREATE2, so their bits
 * are already uniformly distributed, and each of the six probes is a 24-bit window of the address (masked to the
 * filter's power-of-two size). An address ground to collide only costs a shard load.
 */
export type PoolFilter = {
  /** Bits in the filter (a power of two). */
  readonly bits: number;
  add(address: Address): boolean;
  mayHold(address: Address): boolean;
  /** Base64 of the bit array. */
  encode(): string;
};

export type CreatePoolFilterParameters = { pools: number } | { text: string };

/** At most 2^22 bits (512 KB, 683 KB as base64): under the store's 1 MB value limit at any size. */
const MAX_BITS = 2 ** 22;
const MIN_BITS = 2 ** 10;
const BITS_PER_POOL = 10;
const PROBES = 6;

/** A filter sized for `pools` addresses (about 10 bits each, within 2^10 … 2^22 bits), or one decoded from `encode()`. */
export function createPoolFilter(p: CreatePoolFilterParameters): PoolFilter {
  let bytes: Uint8Array;
  if ("text" in p) {
    bytes = Uint8Array.from(atob(p.text), (c) => c.charCodeAt(0));
  } else {
    let bits = MIN_BITS;
    while (bits < p.pools * BITS_PER_POOL && bits < MAX_BITS) bits *= 2;
    bytes = new Uint8Array(bits / 8);
  }
  const mask = bytes.length * 8 - 1;
  const probe = (address: Address, i: number) => parseInt(address.slice(2 + i * 6, 8 + i * 6), 16) & mask;
  return {
    bits: bytes.length * 8,
    add(address) {
      let changed = false;
      for (let i = 0; i < PROBES; i++) {
        const bit = probe(address.toLowerCase() as Address, i);
        const before = bytes[bit >> 3]!;
        bytes[bit >> 3] = before | (1 << (bit & 7));
        changed ||= bytes[bit >> 3] !== before;
      }
      return changed;
    },
    mayHold(address) {
      const a = address.toLowerCase() as Address;
      for (let i = 0; i < PROBES; i++) {
        const bit = probe(a, i);
        if ((bytes[bit >> 3]! & (1 << (bit & 7))) === 0) return false;
      }
      return true;
    },
    encode() {
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
  };
}
