/**
 * A user-paid swap: 5 USDC → WETH on Base, below Base's gasless minimum (20 USD). The user signs the permit, Sluice
 * encodes the swap, the user's wallet sends it (paying gas), and the SDK confirms it with Sluice so the volume counts.
 *
 *   SLUICE_API_KEY=… BASE_RPC_URL=… PRIVATE_KEY=0x… pnpm --filter @sluice/sdk example:user-paid-swap
 */
import { getAddress } from "viem";
import { base } from "viem/chains";
import { show, sluice, wallet } from "./env.js";

const { walletClient, publicClient } = wallet(base, "BASE_RPC_URL");
const amount = process.env.AMOUNT ?? "5";

const quoted = await sluice.quote({ from: "USDC", to: "WETH", amount, chain: "base" });
console.log(`quote: ${amount} USDC → ${quoted.quote.amountOut} WETH; ${quoted.notGaslessReason ?? "gasless-eligible"}`);

const result = await sluice.swap({ walletClient, publicClient, from: "USDC", to: "WETH", amount, chain: "base" });
if (result.status !== "executed" || result.mode !== "user-paid") throw new Error(`expected a user-paid swap: ${show(result)}`);
console.log(`user-paid swap executed: ${result.txHash} (sent by the user ${getAddress(result.receipt.from)})`);
if (!result.confirmation) throw new Error(`the swap happened, but Sluice has not confirmed it yet (call confirm again later): ${show(result.confirmationError)}`);
console.log(`confirmed with Sluice: ${result.confirmation.volumeUsd} USD tracked, ${result.confirmation.status}`);
