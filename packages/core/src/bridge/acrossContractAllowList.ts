/**
 * The Across contracts Sluice lets a user's wallet call or approve, per origin chain, versioned: when Across moves a
 * contract, a new entry is added (and the old one removed once retired) — never edited in place.
 * Source: Across' published deployment addresses (`@across-protocol/contracts`, broadcast/deployed-addresses.json).
 */
import type { Address } from "viem";
import { chains } from "../chains/chains.js";

export type AcrossContractEntry = {
  name: "SpokePool" | "SpokePoolPeriphery";
  version: string;
  addresses: Record<number, Address>;
  /** Sluice can decode and verify deposits sent to it. Entries without it are known but refused as targets. */
  verifiableDeposits: boolean;
};

/** Across' app API routes file (across-protocol/frontend `src/data/routes_1_0xc186fA91….json`, spokePoolPeripheryAddresses). */
const peripheryAddress: Address = "0x89415a82d909a7238d69094C3Dd1dCC1aCbDa85C";

export const acrossContractAllowList: readonly AcrossContractEntry[] = [
  {
    name: "SpokePool",
    version: "v3 (ERC1967 proxy; deposit / depositV3)",
    addresses: Object.fromEntries(Object.values(chains).map((c) => [c.id, c.spokePool])),
    verifiableDeposits: true,
  },
  {
    name: "SpokePoolPeriphery",
    version: "2025 (swapAndBridge / deposit with permit)",
    addresses: { 1: peripheryAddress, 8453: peripheryAddress, 42161: peripheryAddress, 137: peripheryAddress },
    verifiableDeposits: false,
  },
];

export function findAcrossContract(chainId: number, address: string): AcrossContractEntry | undefined {
  return acrossContractAllowList.find((entry) => entry.addresses[chainId]?.toLowerCase() === address.toLowerCase());
}
