import { randomBytes } from "node:crypto";
import {
  createPublicClient, createWalletClient, defineChain, erc20Abi, http, maxUint256, parseAbi, parseUnits,
  type Account, type Chain, type PublicClient, type Transport, type WalletClient,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { PERMIT2_ADDRESS } from "@sluice/core";
import type { SoakTarget } from "./soakTypes.js";

export type SoakUser = { wallet: WalletClient<Transport, Chain, Account>; reader: PublicClient };
export type SoakSetup = { accountId: string; key: string; sandboxKey: string; users: SoakUser[] };

const tokenAbi = parseAbi(["function minter() view returns (address)", "function mintBatch(address[] recipients, uint256[] amounts)"]);

/**
 * What the load generator needs, made the way a partner and their users would get it: a fresh partner account with a
 * production and a sandbox key (admin API), and `users` fresh wallets on base holding USDC, gas, and Permit2 approved
 * (the devnet's token minter, impersonated, mints; the wallets talk to the chain directly, not through Sluice's proxies).
 */
export async function soakSetup(target: SoakTarget, users: number): Promise<SoakSetup> {
  const admin = async (path: string, body: unknown) => {
    const response = await fetch(new URL(path, target.baseUrl), {
      method: "POST", headers: { authorization: `Bearer ${target.adminToken}`, "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const json = await response.json() as Record<string, any>;
    if (!response.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const slug = `soak-${randomBytes(5).toString("hex")}`;
  const created = await admin("/admin/v1/accounts", { slug, name: `Soak ${slug}`, rebateBps: 10 });
  const key = (await admin(`/admin/v1/accounts/${slug}/keys`, { environment: "production", rateLimitPerMinute: 100_000 })).key as string;
  const sandboxKey = (await admin(`/admin/v1/accounts/${slug}/keys`, { environment: "sandbox", rateLimitPerMinute: 100_000 })).key as string;

  const base = target.manifest.chains.base;
  const chain = defineChain({ id: 8453, name: "Base (devnet)", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [base.rpcUrl] } } });
  const reader = createPublicClient({ chain, transport: http(base.rpcUrl) }) as PublicClient;
  const usdc = base.tokens.find((t) => t.symbol === "USDC")!.address;
  const accounts = Array.from({ length: users }, () => privateKeyToAccount(generatePrivateKey()));
  const minter = await reader.readContract({ address: usdc, abi: tokenAbi, functionName: "minter" });
  await reader.request({ method: "anvil_impersonateAccount" as never, params: [minter] as never });
  await reader.request({ method: "anvil_setBalance" as never, params: [minter, "0x56BC75E2D63100000"] as never });
  const minting = createWalletClient({ account: minter, chain, transport: http(base.rpcUrl) });
  const amounts = accounts.map(() => parseUnits("10000000", 6));
  await reader.waitForTransactionReceipt({
    hash: await minting.writeContract({ address: usdc, abi: tokenAbi, functionName: "mintBatch", args: [accounts.map((a) => a.address), amounts] }),
  });
  const soakUsers = await Promise.all(accounts.map(async (account) => {
    await reader.request({ method: "anvil_setBalance" as never, params: [account.address, "0x56BC75E2D63100000"] as never });
    const wallet = createWalletClient({ account, chain, transport: http(base.rpcUrl) });
    await reader.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] }),
    });
    return { wallet, reader };
  }));
  return { accountId: created.account.id as string, key, sandboxKey, users: soakUsers };
}
