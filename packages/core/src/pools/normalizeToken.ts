import { isAddress, type Address } from "viem";
import { PoolMathError } from "./errors.js";

/** Lower-cases a token address (pools and the router compare addresses as lower-case strings). */
export function normalizeToken(token: string): Address {
  if (!isAddress(token, { strict: false })) throw new PoolMathError("UNKNOWN_TOKEN", `not an address: ${token}`);
  return token.toLowerCase() as Address;
}

/** Whether `tokenIn` is token0 of the pool; throws if it is neither token. */
export function isToken0(pool: { token0: Address; token1: Address; address: Address }, tokenIn: Address): boolean {
  if (tokenIn === pool.token0) return true;
  if (tokenIn === pool.token1) return false;
  const lower = tokenIn.toLowerCase();
  if (lower === pool.token0) return true;
  if (lower === pool.token1) return false;
  throw new PoolMathError("UNKNOWN_TOKEN", `token ${tokenIn} is not in pool ${pool.address}`);
}
