import { pbkdf2Sync } from "node:crypto";
import { HDKey, hdKeyToAccount } from "viem/accounts";
import { bytesToHex, type Address, type Hex } from "viem";

/** anvil's default mnemonic: its ten development accounts are public knowledge and hold no real value anywhere. */
export const devMnemonic = "test test test test test test test test test test test junk";

export type DevAccount = { index: number; address: Address; privateKey: Hex };

let cached: DevAccount[] | undefined;

/** The ten accounts anvil funds with 10,000 native coins on every chain (m/44'/60'/0'/0/i of the mnemonic). */
export function devAccounts(): DevAccount[] {
  // BIP-39 seed, computed once with node's native PBKDF2 (deriving per account in JS costs most of a second).
  cached ??= (() => {
    const seed = pbkdf2Sync(devMnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512");
    const root = HDKey.fromMasterSeed(seed);
    return Array.from({ length: 10 }, (_, index) => {
      const account = hdKeyToAccount(root, { addressIndex: index });
      return { index, address: account.address, privateKey: bytesToHex(account.getHdKey().privateKey!) };
    });
  })();
  return cached;
}

/**
 * Roles of the well-known accounts, the same on every chain:
 * - deployer (account 0) deploys every contract and owns the factories, the seeder and the executor;
 * - bridge fee recipient (account 7) receives Sluice's app fee on bridged deposits;
 * - relayers (accounts 8 and 9) submit gasless swaps and pay their gas.
 */
export function wellKnownAccounts() {
  const accounts = devAccounts();
  return {
    deployer: accounts[0]!,
    bridgeFeeRecipient: accounts[7]!,
    relayers: [accounts[8]!, accounts[9]!],
    all: accounts,
  };
}
