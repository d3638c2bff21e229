/**
 * A partner's first hour, as a script: `pnpm dev` in one terminal, then `pnpm example:first-swaps` in another.
 *
 * It reads the running stack's URLs and demo key from `.stack/dev/state.json` (or `SLUICE_STATE`), takes one of the
 * devnet's funded development accounts as the user, and swaps on base through the partner SDK (`@sluice/sdk`), which
 * approves Permit2 once for USDC when the user has not yet:
 *   1. 250 USDC → WETH, gasless: /route → the user signs the witness permit → /solve (Sluice's relayer pays gas);
 *   2. 5 USDC → WETH, below base's 20 USD gasless minimum: /solve answers encode-only calldata, the user sends it and
 *      pays gas, then /confirm credits the volume.
 * It prints each step and exits non-zero if anything fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, createWalletClient, defineChain, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSluiceClient } from "@sluice/sdk";
import type { DevnetManifest } from "@sluice/devnet";
import { REPO_ROOT } from "../wrangler/startWrangler.js";

type State = { baseUrl: string; manifest: DevnetManifest; demo: { productionKey: string } };

const state = JSON.parse(readFileSync(process.env.SLUICE_STATE ?? join(REPO_ROOT, ".stack/dev/state.json"), "utf8")) as State;
const base = state.manifest.chains.base;
const chain = defineChain({ id: 8453, name: "Base (devnet)", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [base.rpcUrl] } } });
// The devnet's development accounts each hold 1,000,000 of every token; account 6 plays the user here.
const user = privateKeyToAccount(state.manifest.accounts.dev[Number(process.env.SLUICE_EXAMPLE_ACCOUNT ?? 6)]!.privateKey);
const walletClient = createWalletClient({ account: user, chain, transport: http(base.rpcUrl) });
const publicClient = createPublicClient({ chain, transport: http(base.rpcUrl) }) as PublicClient;
const sluice = createSluiceClient({ baseUrl: state.baseUrl, apiKey: process.env.SLUICE_API_KEY ?? state.demo.productionKey });

console.log(`user ${user.address} on base (chain 8453), API ${state.baseUrl}`);
// Once per token the SDK approves Permit2 to move the user's USDC (every swap after that needs only a signature).
const gasless = await sluice.swap({ walletClient, publicClient, from: "USDC", to: "WETH", amount: "250", chain: "base" });
if (gasless.approvalTxHash) console.log(`approved Permit2 for USDC: ${gasless.approvalTxHash}`);
if (gasless.status !== "executed" || gasless.mode !== "gasless") throw new Error(`gasless swap failed: ${JSON.stringify(gasless, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`);
console.log(`gasless swap: ${gasless.quote.amountOut} WETH quoted, sent by Sluice's relayer in ${gasless.txHash}`);

const userPaid = await sluice.swap({ walletClient, publicClient, from: "USDC", to: "WETH", amount: "5", chain: "base" });
if (userPaid.status !== "executed" || userPaid.mode !== "user-paid") {
  throw new Error(`user-paid swap failed: ${JSON.stringify(userPaid, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`);
}
console.log(`user-paid swap: below the gasless minimum, sent by the user in ${userPaid.txHash}, confirmed: ${JSON.stringify(userPaid.confirmation)}`);
