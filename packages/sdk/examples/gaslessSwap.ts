/**
 * A gasless swap: 250 USDC → WETH on Base. The SDK quotes, approves Permit2 once if needed (the only transaction the
 * user ever pays for), has the user sign the permit, and Sluice's relayer sends the swap and pays its gas.
 *
 *   SLUICE_API_KEY=… BASE_RPC_URL=… PRIVATE_KEY=0x… pnpm --filter @sluice/sdk example:gasless-swap
 */
import { getAddress } from "viem";
import { base } from "viem/chains";
import { show, sluice, wallet } from "./env.js";

const { walletClient, publicClient } = wallet(base, "BASE_RPC_URL");
const amount = process.env.AMOUNT ?? "250";

const quoted = await sluice.quote({ from: "USDC", to: "WETH", amount, chain: "base" });
console.log(`quote: ${amount} USDC → ${quoted.quote.amountOut} WETH (${quoted.quote.priceImpactBps} bps impact), gasless: ${quoted.gaslessEligible}`);

const result = await sluice.swap({ walletClient, publicClient, from: "USDC", to: "WETH", amount, chain: "base" });
if (result.approvalTxHash) console.log(`approved Permit2 for USDC once: ${result.approvalTxHash}`);
if (result.status !== "executed" || result.mode !== "gasless") throw new Error(`expected a gasless swap: ${show(result)}`);
console.log(`gasless swap executed in block ${result.receipt.blockNumber}: ${result.txHash} (sent by ${getAddress(result.receipt.from)}, not the user)`);
