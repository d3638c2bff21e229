/** The examples' settings, from the environment (see README: with `pnpm dev`, its printed URLs and demo key). */
import { createPublicClient, createWalletClient, http, type Chain, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSluiceClient } from "@sluice/sdk";

export function need(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set (see packages/sdk/README.md, "Examples")`);
    process.exit(2);
  }
  return value;
}

/** Sluice's executor: needed against a deployment (`SLUICE_EXECUTOR`); the local stack's is the SDK's default. */
const executor = process.env.SLUICE_EXECUTOR as `0x${string}` | undefined;

export const sluice = createSluiceClient({
  baseUrl: process.env.SLUICE_BASE_URL ?? "http://127.0.0.1:8787", apiKey: need("SLUICE_API_KEY"), ...(executor ? { executor } : {}),
});

/** The user's wallet (PRIVATE_KEY) on `chain` through the RPC named by `rpcVariable`. */
export function wallet(chain: Chain, rpcVariable: string) {
  const transport = http(need(rpcVariable));
  const account = privateKeyToAccount(need("PRIVATE_KEY") as Hex);
  return {
    walletClient: createWalletClient({ account, chain, transport }),
    publicClient: createPublicClient({ chain, transport }),
  };
}

/** JSON with bigints as strings. */
export const show = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
