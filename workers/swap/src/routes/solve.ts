import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  apiKeySecurity, authErrorCodes, chains, claimPermitNonce, claimPermitOwnership, encodeExecutorSwap, errorResponses,
  finalizePendingSolves, newId, parseRelayerAccounts, pickRelayer, readPendingSpend, recordPendingSpend, rememberEncodedSwap,
  repairRelayerNonces, requireApiKey, requireChainDeployment, sendRelayerTransaction, SluiceError, verifyPermit, withSpendLock,
  createDb, type AppEnv, type ChainName, type SignedPermit,
} from "@sluice/core";
import { createChainClient } from "@sluice/core/chains/createChainClient";
import { getAddress, type Hash, type Hex, type PublicClient } from "viem";
import type { SolveEnv } from "./solveBindings.js";
import { quoteForSolve } from "./solveQuote.js";
import { recordSolveEvent } from "./solveRecording.js";
import { SolveAnswer, SolveBody, SolveFailure, SwapQuoteSchema } from "./solveSchemas.js";
import { simulateSolve } from "./solveSimulation.js";

/** Interface §8: the maximum price impact of route and solve. */
const MAX_PRICE_IMPACT_BPS = 500;
const DEFAULT_SLIPPAGE_BPS = 5;
const DEFAULT_STUCK_AFTER_MS = 60_000;

export const solveRoute = createRoute({
  method: "post",
  path: "/api/v1/solve",
  tags: ["Swap"],
  summary: "Execute a gasless swap from a signed Permit2 permit",
  description: "Re-quotes on the latest state, verifies the permit (signature, token, amount, deadline, nonce, balance, "
    + "Permit2 approval), simulates the executor call and sends it from Sluice's relayer, which pays the gas. "
    + "`dryRun: true` encodes only. Below the chain's gasless minimum the answer is the `Swap too small` failure "
    + "carrying encode-only calldata (`transaction` without `txHash`) for the user to submit, then `/confirm`.",
  security: apiKeySecurity,
  middleware: [requireApiKey()],
  request: { body: { content: { "application/json": { schema: SolveBody } }, required: true } },
  responses: {
    200: { description: "Submitted (with `txHash`) or, for a dry run, encoded", content: { "application/json": { schema: SolveAnswer } } },
    ...errorResponses(["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "NO_ROUTE", "SWAP_TOO_SMALL",
      "PRICE_IMPACT_TOO_HIGH", "PERMIT_INVALID", "SIMULATION_FAILED", "TRANSACTION_REJECTED", "UPSTREAM_ERROR",
      ...authErrorCodes], SolveFailure),
  },
});

export function registerSolve(app: OpenAPIHono<AppEnv>) {
  (app as unknown as OpenAPIHono<SolveEnv>).openapi(solveRoute, async (c) => {
    const started = Date.now();
    const extra: Record<string, unknown> = {};
    try {
      return c.json(await solve(c, c.req.valid("json"), started, extra), 200);
    } catch (error) {
      // Every solve failure carries computeMs (and gaslessEligible once known), like route failures.
      if (error instanceof SluiceError) {
        throw new SluiceError(error.code, error.message, {
          body: { ...extra, computeMs: Date.now() - started, ...error.body }, headers: error.headers, hint: error.hint, cause: error.cause,
        });
      }
      throw error;
    }
  });
}

async function solve(c: Context<SolveEnv>, body: z.infer<typeof SolveBody>, started: number, extra: Record<string, unknown>) {
  const auth = c.get("auth");
  const { db, redis } = c.get("services");
  // The sandbox never submits and records nothing (interface §8).
  const sandbox = c.env.SLUICE_ENVIRONMENT === "sandbox" || auth.environment === "sandbox";
  const dryRun = sandbox || body.dryRun === true;
  const chain = body.chain;
  const chainId = chains[chain].id;
  const deployment = requireChainDeployment(c.env.SLUICE_CHAINS, chain);
  const executor = deployment.executor;
  if (!executor) throw new SluiceError("UNSUPPORTED_CHAIN", `Gasless swaps are not available on ${chain}: Sluice's executor is not deployed there`);
  const client = createChainClient({ chain, deployment });
  const user = getAddress(body.user);
  const signature = body.signature as Hex;
  const permit: SignedPermit = {
    permitted: { token: getAddress(body.permit.permitted.token), amount: BigInt(body.permit.permitted.amount) },
    nonce: BigInt(body.permit.nonce),
    deadline: BigInt(body.permit.deadline),
  };

  // 1. Re-quote on the latest state.
  const q = await quoteForSolve({
    env: c.env, client, redis, chain, from: body.from, to: body.to, amount: body.amount,
    fromAddress: body.fromAddress, fromDecimals: body.fromDecimals, toAddress: body.toAddress, toDecimals: body.toDecimals,
  });
  extra.gaslessEligible = q.gaslessEligible;
  extra.quote = q.quote;
  if (q.priceImpactBps > MAX_PRICE_IMPACT_BPS) {
    throw new SluiceError("PRICE_IMPACT_TOO_HIGH", `Price impact too high: ${q.priceImpactBps} bps exceeds ${MAX_PRICE_IMPACT_BPS} bps; use a smaller amount`);
  }
  const routed = q.route.splits.reduce((sum, split) => sum + split.amountIn, 0n);
  if (routed !== q.amountInRaw) {
    throw new SluiceError("NO_ROUTE", `The route no longer takes the whole input (${routed} of ${q.amountInRaw}); nothing was sent — request a fresh quote`);
  }
  const slippageBps = BigInt(body.slippageBps ?? DEFAULT_SLIPPAGE_BPS);
  const minAmountOut = (q.amountOutRaw * (10_000n - slippageBps)) / 10_000n;
  if (minAmountOut === 0n) {
    throw new SluiceError("NO_ROUTE", `The route pays no ${q.tokenOut.symbol} for ${body.amount} ${q.tokenIn.symbol}; use a larger amount`);
  }

  // Gasless solves of one owner and input token run one at a time, each seeing what the ones before committed.
  const gasless = !dryRun && q.gaslessEligible;
  const spend = { chainId, owner: user, token: q.tokenIn.address };
  const serialised = <T>(work: () => Promise<T>) => (gasless ? withSpendLock(redis, spend, work) : work());
  return serialised(async () => {
    // 2. The permit: every check, on the server, before anything is encoded or sent; then it is this account's.
    const pendingSpend = gasless ? await readPendingSpend(redis, { ...spend, client }) : 0n;
    await verifyPermit({
      chainId, spender: executor, user, tokenIn: q.tokenIn.address, amountRaw: q.amountInRaw, permit, signature, client,
      tokenSymbol: q.tokenIn.symbol, tokenDecimals: q.tokenIn.decimals, pendingSpend,
    });
    if (!sandbox) {
      await claimPermitOwnership(redis, { chainId, owner: user, nonce: permit.nonce, deadline: permit.deadline, accountId: auth.accountId, encodeOnly: !gasless });
    }

    // 3. Encode. The relayer may only pay the owner; the same bytes serve the user-paid path.
    const data = encodeExecutorSwap({ permit, owner: user, signature, route: q.route, minAmountOut, recipient: user });
    const transaction = { to: getAddress(executor), data, value: "0", chain };
    const event = {
      id: newId("evt"), accountId: auth.accountId, apiKeyId: auth.keyId, chain, volumeUsd: q.volumeUsd, isTest: auth.isTest,
    };

    // 4a. Encode only: a dry run, or below the gasless minimum (the user submits it and then calls /confirm).
    if (!gasless) {
      const simulated = await simulateSolve(client, { from: user, to: executor, data, withGas: false });
      if (simulated.amountOut < minAmountOut) throw new SluiceError("SIMULATION_FAILED", "The route no longer meets the minimum output; request a fresh quote");
      if (!sandbox) {
        await recordSolveEvent(c.env.USAGE, { ...event, isDryRun: true });
        await rememberEncodedSwap(db, {
          accountId: auth.accountId, apiKeyId: auth.keyId, chain, executor, data, owner: user,
          tokenIn: q.tokenIn.address, tokenOut: q.tokenOut.address, amountIn: q.amountInRaw,
          quotedAmountOut: q.amountOutRaw, minAmountOut, volumeUsd: q.volumeUsd, usageEventId: event.id,
        });
      }
      if (!dryRun) {
        throw new SluiceError("SWAP_TOO_SMALL",
          `Swap too small: ${Number(q.volumeUsd).toFixed(2)} USD is below the gasless minimum of ${q.gaslessMinimumUsd} USD on ${chain}; submit the transaction yourself, then call /confirm`,
          { body: { gaslessEligible: false, quote: q.quote, transaction } });
      }
      return { ok: true as const, quote: q.quote as z.infer<typeof SwapQuoteSchema>, transaction, gaslessEligible: q.gaslessEligible, computeMs: Date.now() - started };
    }

    // 4b. Gasless: claim (owner, nonce), simulate from the relayer, send with an atomically allocated nonce.
    const release = await claimPermitNonce(redis, { chainId, owner: user, nonce: permit.nonce, claimant: event.id });
    const relayers = parseRelayerAccounts(c.env.RELAYER_PRIVATE_KEYS, deployment.relayers);
    let sent;
    try {
      const relayer = await pickRelayer(redis, chainId, relayers);
      const simulated = await simulateSolve(client, { from: relayer.address, to: executor, data, withGas: true });
      if (simulated.amountOut < minAmountOut) throw new SluiceError("SIMULATION_FAILED", "The route no longer meets the minimum output; request a fresh quote");
      sent = await sendRelayerTransaction({ redis, client, chainId, account: relayer, to: executor, data, gas: simulated.gas });
    } catch (error) {
      await release();
      throw error;
    }
    const computeMs = Date.now() - started;
    const background = (work: Promise<unknown>) => {
      try { c.executionCtx.waitUntil(work); } catch { /* no execution context */ }
    };
    // The input stays committed until the transaction is mined, so a concurrent solve cannot overdraw the balance.
    await recordPendingSpend(redis, { ...spend, txHash: sent.hash, amount: q.amountInRaw })
      .catch((error: unknown) => console.error("pending spend not recorded", event.id, error));

    // 5. Sent: record the solve as pending (durable through the recorder's outbox); its receipt decides whether it
    //    counts (finalised below, by the cron, and before the account's usage is read).
    const pending = { ...event, isDryRun: false, txHash: sent.hash, outcome: "pending" as const };
    const recording = recordSolveEvent(c.env.USAGE, pending);
    const stuckAfterMs = Number(c.env.RELAYER_STUCK_AFTER_MS) || DEFAULT_STUCK_AFTER_MS;
    background(repairRelayerNonces({ redis, client, chainId, relayers, stuckAfterMs }).catch(() => {}));
    await recording.catch((error: unknown) => {
      // The transaction is on its way: answer it, and keep trying to record in the background.
      console.error("solve event not recorded yet", event.id, error);
      background(recordSolveEvent(c.env.USAGE, pending).catch((e: unknown) => console.error("solve event lost", event.id, e)));
    });
    background(finalizeAfterReceipt(c.env, client, chain, sent.hash, event.id));
    return { ok: true as const, quote: q.quote as z.infer<typeof SwapQuoteSchema>, transaction: { ...transaction, txHash: sent.hash }, gaslessEligible: true, computeMs };
  });
}

/**
 * Waits (boundedly) for a sent solve's receipt and finalises its event; what is left is the cron's. It runs after the
 * answer, when the request's own database connection is closed, so it opens (and closes) its own.
 */
async function finalizeAfterReceipt(env: SolveEnv["Bindings"], client: PublicClient, chain: ChainName, hash: Hash, eventId: string): Promise<void> {
  try {
    await client.waitForTransactionReceipt({ hash, timeout: 25_000, pollingInterval: 1_000 });
    const { db, close } = createDb({ url: env.DATABASE_URL, driver: env.DATABASE_DRIVER });
    try {
      await finalizePendingSolves({ db, clientFor: (c) => (c === chain ? client : undefined), eventIds: [eventId] });
    } finally {
      await close();
    }
  } catch (error) {
    console.error("solve not finalised yet (the cron will)", eventId, error);
  }
}
