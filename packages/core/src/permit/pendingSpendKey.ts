import type { Address } from "viem";

/**
 * The Redis hash of an owner's input committed to gasless solves still in flight on a chain: field = transaction
 * hash, value = `raw:<amount>`. The prefix keeps the REST client from reading the amount as a JSON number (which
 * would round amounts above 2^53).
 */
export function pendingSpendKey(chainId: number, owner: Address, token: Address): string {
  return `permit:pending-spend:${chainId}:${owner.toLowerCase()}:${token.toLowerCase()}`;
}
