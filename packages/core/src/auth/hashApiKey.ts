import { sha256, stringToBytes } from "viem";

/**
 * SHA-256 of the key (lower-cased), hex. Only this hash is stored. Computed in process (viem's SHA-256): every
 * authenticated request hashes its key, and a WebCrypto digest is an asynchronous job on Node (~0.1 ms a call).
 */
export async function hashApiKey(key: string): Promise<string> {
  return sha256(stringToBytes(key.toLowerCase())).slice(2);
}
