import { chains } from "../chains/chains.js";
import { SluiceError } from "../errors/SluiceError.js";
import { claimPermitNonce } from "../permit/claimPermitNonce.js";
import { recordPendingSpend } from "../permit/recordPendingSpend.js";
import { formatQuote } from "../quoting/formatQuote.js";
import { parseRelayerAccounts } from "../relayer/parseRelayerAccounts.js";
import { pickRelayer } from "../relayer/pickRelayer.js";
import { repairRelayerNonces } from "../relayer/repairRelayerNonces.js";
import { sendRelayerTransaction } from "../relayer/sendRelayerTransaction.js";
import { finalizeAfterReceipt } from "./finalizeAfterReceipt.js";
import { recordSolveEvent } from "./recordSolveEvent.js";
import type { SolveContext } from "./solveContext.js";
import type { SolveSwapReturnType } from "./solveSwap.js";
import { simulateSolve } from "./simulateSolve.js";

/**
 * The gasless solve: claims the permit's (owner, nonce), simulates from the relayer that will send, sends with an
 * atomically allocated relayer nonce, reserves the input as pending spend until mined, records the solve `pending`
 * (its receipt decides whether it counts) and finalises it in the background. Runs under the owner's spend lock.
 */
export async function sendGaslessSolve(s: SolveContext): Promise<SolveSwapReturnType> {
  const { redis } = s.services;
  const chainId = s.chain.id;
  const usage = s.usage;
  if (!usage) throw new SluiceError("INTERNAL", "This deployment cannot record gasless solves");
  const release = await claimPermitNonce(redis, { chainId, owner: s.user, nonce: s.permit.nonce, claimant: s.event.id });
  const relayers = parseRelayerAccounts(s.relayerPrivateKeys, s.chain.deployment.relayers);
  const feeCap = BigInt(s.chain.deployment.maxFeePerGasWei ?? chains[s.chain.name].maxFeePerGasWei);
  const minBalanceWei = BigInt(s.chain.deployment.minRelayerBalanceWei ?? chains[s.chain.name].minRelayerBalanceWei);
  let sent;
  try {
    const relayer = await pickRelayer(redis, chainId, relayers);
    const simulated = await s.services.time("simulate", () => simulateSolve(s.chain.client, { from: relayer.address, to: s.executor, data: s.data, withGas: true }));
    if (simulated.amountOut < s.minAmountOut) {
      throw new SluiceError("SIMULATION_FAILED", "The route no longer meets the minimum output; request a fresh quote");
    }
    sent = await s.services.time("send", () => sendRelayerTransaction({
      redis, client: s.chain.client, chainId, account: relayer, to: s.executor, data: s.data, gas: simulated.gas,
      maxFeePerGasCap: feeCap, minBalanceWei,
    }));
  } catch (error) {
    await release();
    throw error;
  }
  const computeMs = Date.now() - s.started;
  // The input stays committed until the transaction is mined, so a concurrent solve cannot overdraw the balance.
  await recordPendingSpend(redis, { chainId, owner: s.user, token: s.quote.tokenIn.address, txHash: sent.hash, amount: s.quote.amountIn })
    .catch((error: unknown) => console.error("pending spend not recorded", s.event.id, error));

  // Recorded pending (durable through the recorder's outbox); finalised below, by the cron, and before usage reads.
  const pending = { ...s.event, isDryRun: false, txHash: sent.hash, outcome: "pending" as const };
  const recording = recordSolveEvent(usage, pending);
  s.background(repairRelayerNonces({ redis, client: s.chain.client, chainId, relayers, stuckAfterMs: s.relayerStuckAfterMs, maxFeePerGasCap: feeCap }).catch(() => {}));
  await recording.catch((error: unknown) => {
    // The transaction is on its way: answer it, and keep trying to record in the background.
    console.error("solve event not recorded yet", s.event.id, error);
    s.background(recordSolveEvent(usage, pending).catch((e: unknown) => console.error("solve event lost", s.event.id, e)));
  });
  s.background(finalizeAfterReceipt({
    client: s.chain.client, chain: s.chain.name, hash: sent.hash, eventId: s.event.id, openDb: s.openDb,
    confirmations: s.chain.deployment.confirmations ?? chains[s.chain.name].confirmations,
    // swap.executed / swap.failed is written with the outcome: the reporting worker sends it now, not at its next cron run.
    afterSettled: () => usage.deliverWebhooks(),
  }));
  return { quote: formatQuote(s.quote), transaction: { ...s.transaction, txHash: sent.hash }, gaslessEligible: true, computeMs };
}
