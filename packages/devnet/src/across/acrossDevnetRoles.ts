/**
 * Who plays which part of the Across protocol on the devnet. Everything here is devnet-only: public, well-known
 * values that hold nothing of worth anywhere else.
 */
import { privateKeyToAccount } from "viem/accounts";
import { keccak256, stringToHex, type Address, type Hex } from "viem";
import type { ChainName } from "@sluice/core";

/**
 * Stands in for Across' HubPool (Ethereum mainnet address): every SpokePool's cross-domain admin. On the devnet its
 * messages are delivered by impersonating the chain's bridge messenger (see `acrossAdmin.ts`) — there is no L1→L2
 * bridge between local anvil nodes.
 */
export const DEVNET_HUB_POOL: Address = "0xc186fA914353c44b2E33eBE05f21846F1048bEda";

/** The relayer that fills deposits on the devnet. Its key is derived from a public phrase: worthless off the devnet. */
export const DEVNET_ACROSS_RELAYER_KEY: Hex = keccak256(stringToHex("sluice devnet across relayer"));
export const DEVNET_ACROSS_RELAYER: Address = privateKeyToAccount(DEVNET_ACROSS_RELAYER_KEY).address;

/** SpokePool constructor parameters: how old a deposit's quote timestamp may be, how far its fill deadline may reach. */
export const DEPOSIT_QUOTE_TIME_BUFFER = 3_600;
export const FILL_DEADLINE_BUFFER = 6 * 3_600;

/** Optimism's L2CrossDomainMessenger predeploy: the sender OP-stack SpokePools accept admin messages from. */
export const OP_CROSS_DOMAIN_MESSENGER: Address = "0x4200000000000000000000000000000000000007";

/** Which of Across' chain-specific SpokePool implementations serves each chain (Base is an OP-stack chain). */
export const spokePoolImplementation: Record<ChainName, "Ethereum_SpokePool" | "OP_SpokePool" | "Arbitrum_SpokePool" | "Polygon_SpokePool"> = {
  ethereum: "Ethereum_SpokePool",
  base: "OP_SpokePool",
  arbitrum: "Arbitrum_SpokePool",
  polygon: "Polygon_SpokePool",
};

/** Arbitrum's L1→L2 address alias: the sender an L1 contract's messages arrive from on Arbitrum. */
export function applyL1ToL2Alias(address: Address): Address {
  const aliased = (BigInt(address) + 0x1111000000000000000000000000000000001111n) % (1n << 160n);
  return `0x${aliased.toString(16).padStart(40, "0")}` as Address;
}
