/**
 * A bridge transfer: 25 USDC from Base to Arbitrum through Across. Sluice quotes and checks every transaction; the
 * SDK sends the approval and the deposit from the user's wallet, registers the deposit, and waits for the fill.
 *
 *   SLUICE_API_KEY=… BASE_RPC_URL=… PRIVATE_KEY=0x… pnpm --filter @sluice/sdk example:bridge-transfer
 */
import { base } from "viem/chains";
import { sluice, wallet } from "./env.js";

const { walletClient, publicClient } = wallet(base, "BASE_RPC_URL");
const amount = process.env.AMOUNT_RAW ?? "25000000";

const quote = await sluice.bridge.quote({
  originChainId: 8453, destinationChainId: 42161, inputToken: "USDC", outputToken: "USDC", amount, depositor: walletClient.account.address,
});
console.log(`bridge quote ${quote.id}: ${quote.inputAmount} → at least ${quote.minOutputAmount} (raw USDC), ~${quote.expectedFillTime} s, app fee ${quote.fees.app.amount}`);

const sent = await sluice.bridge.execute({ walletClient, publicClient, quote });
console.log(`deposit sent: ${sent.depositTxHash} after ${sent.approvalTxHashes.length} approval(s); tracked as ${sent.settlementId}`);

const deposit = await sluice.bridge.waitForFill({ depositTxnRef: sent.depositTxHash }, { timeoutMs: Number(process.env.TIMEOUT_MS ?? 600_000) });
if (deposit.status !== "filled") throw new Error(`the deposit ended ${deposit.status}`);
console.log(`bridge deposit ${deposit.depositId} filled on chain ${deposit.destinationChainId}: ${deposit.fillTx}`);
