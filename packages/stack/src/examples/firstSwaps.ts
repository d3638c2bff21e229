/**
 * A partner's first hour, as a script: `pnpm dev` in one terminal, then `pnpm example:first-swaps` in another.
 *
 * It reads the running stack's URLs and demo key from `.stack/dev/state.json` (or `SLUICE_STATE`), takes one of the
 * devnet's funded development accounts as the user, approves Permit2 once for USDC, and swaps on base through the
 * partner helper (`@sluice/core/client`):
 *   1. 250 USDC → WETH, gasless: /route → the user signs the witness permit → /solve (Sluice's relayer pays gas);
 *   2. 5 USDC → WETH, below base's 20 USD gasless minimum: /solve answers encode-only calldata, the user sends it and
 *      pays gas, then /confirm credits the volume.
 * It prints each step and exits non-zero if anything fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, maxUint256, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { PERMIT2_ADDRESS } from "@sluice/core";
import { swapWithPermit } from "@sluice/core/client";
import type { DevnetManifest } from "@sluice/devnet";
import { REPO_ROOT } from "../wrangler/startWrangler.js";

type State = { baseUrl: string; manifest: DevnetManifest; demo: { productionKey: string } };

const state = JSON.parse(readFileSync(process.env.SLUICE_STATE ?? join(REPO_ROOT, ".stack/dev/state.json"), "utf8")) as State;
const base = state.manifest.chains.base;
const chain = defineChain({ id: 8453, name: "Base (devnet)", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [base.rpcUrl] } } });
// The devnet's development accounts each hold 1,000,000 of every token; account 6 plays the user here.
const user = privateKeyToAccount(state.manifest.accounts.dev[Number(process.env.SLUICE_EXAMPLE_ACCOUNT ?? 6)]!.privateKey);
const wallet = createWalletClient({ account: user, chain, transport: http(base.rpcUrl) });
const reader = createPublicClient({ chain, transport: http(base.rpcUrl) }) as PublicClient;
const connection = { baseUrl: state.baseUrl, apiKey: process.env.SLUICE_API_KEY ?? state.demo.productionKey };
const usdc = base.tokens.find((t) => t.symbol === "USDC")!.address;

console.log(`user ${user.address} on base (chain 8453), API ${state.baseUrl}`);
// Once per token: let Permit2 move the user's USDC (every swap after that needs only a signature).
const allowance = await reader.readContract({ address: usdc, abi: erc20Abi, functionName: "allowance", args: [user.address, PERMIT2_ADDRESS] });
if (allowance === 0n) {
  const hash = await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] });
  await reader.waitForTransactionReceipt({ hash });
  console.log(`approved Permit2 for USDC: ${hash}`);
}

const gasless = await swapWithPermit(connection, { wallet, reader, from: "USDC", to: "WETH", amount: "250", chain: "base" });
if (!gasless.solve.ok || !gasless.solve.transaction.txHash) throw new Error(`gasless swap failed: ${JSON.stringify(gasless.solve)}`);
console.log(`gasless swap: ${gasless.route.ok ? gasless.route.quote.amountOut : "?"} WETH quoted, sent by Sluice's relayer in ${gasless.solve.transaction.txHash}`);

const userPaid = await swapWithPermit(connection, { wallet, reader, from: "USDC", to: "WETH", amount: "5", chain: "base" });
if (!userPaid.userPaid || userPaid.userPaid.status !== "success" || !userPaid.userPaid.confirm.ok) {
  throw new Error(`user-paid swap failed: ${JSON.stringify(userPaid)}`);
}
console.log(`user-paid swap: below the gasless minimum, sent by the user in ${userPaid.userPaid.txHash}, confirmed: ${JSON.stringify(userPaid.userPaid.confirm)}`);
