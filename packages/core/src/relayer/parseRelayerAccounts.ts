import { isAddressEqual, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const cache = new Map<string, PrivateKeyAccount[]>();

/**
 * The relayer wallets this deployment can sign with on a chain: the private keys of the `RELAYER_PRIVATE_KEYS`
 * secret (comma- or whitespace-separated 0x hex) whose addresses are in the chain's configured relayer list
 * (the executor's allow-list). Parsed once per isolate.
 */
export function parseRelayerAccounts(secret: string | undefined, allowed: readonly Address[]): PrivateKeyAccount[] {
  const key = `${secret ?? ""}|${allowed.join(",")}`;
  let accounts = cache.get(key);
  if (!accounts) {
    const all = (secret ?? "").split(/[\s,]+/).filter(Boolean).map((k) => privateKeyToAccount(k as Hex));
    accounts = all.filter((a) => allowed.some((r) => isAddressEqual(r, a.address)));
    cache.set(key, accounts);
  }
  return accounts;
}
