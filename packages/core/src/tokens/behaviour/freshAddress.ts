import { bytesToHex, type Address } from "viem";

/**
 * A random address (20 random bytes): where the token probe is placed and who calls it, afresh for every probe, so a
 * token cannot recognise the simulation by a fixed well-known address (it could allow exactly that one).
 */
export function freshAddress(): Address {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(20))) as Address;
}
