import { getAddress, type Address, type Hex } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { encodeExecutorSwap, type SignedPermit } from "../executor/encodeExecutorSwap.js";
import { encodeExecutorWitnessSwap } from "../executor/encodeExecutorWitnessSwap.js";
import { newId } from "../ids/newId.js";
import { claimPermitOwnership } from "../permit/claimPermitOwnership.js";
import { readPendingSpend } from "../permit/readPendingSpend.js";
import { verifyPermit } from "../permit/verifyPermit.js";
import { withSpendLock } from "../permit/withSpendLock.js";
import type { FormattedQuote } from "../quoting/formatQuote.js";
import { formatQuote } from "../quoting/formatQuote.js";
import { quoteSwap } from "../quoting/quoteSwap.js";
import { bindPermitToQuote, type BindPermitToQuoteReturnType } from "./bindPermitToQuote.js";
import { encodeOnlySolve } from "./encodeOnlySolve.js";
import { sendGaslessSolve } from "./sendGaslessSolve.js";
import type { SolveContext, SolveDependencies } from "./solveContext.js";
import { DEFAULT_SLIPPAGE_BPS } from "../quoting/swapQuote.js";
import type { SolveRequest } from "./solveRequest.js";

export type SolveSwapParameters = SolveDependencies & { request: SolveRequest; started?: number };

export type SolveSwapReturnType = {
  quote: FormattedQuote;
  /** `txHash` only when Sluice sent it. */
  transaction: { to: Address; data: Hex; value: "0"; chain: SolveRequest["chain"]; txHash?: Hex };
  gaslessEligible: boolean;
  computeMs: number;
};

/**
 * `/solve` (interface §4): re-quotes on the latest state, verifies every permit check on the server, claims the
 * permit for this account, encodes the executor call and then either sends it from a relayer (gasless) or hands it
 * back encode-only (a dry run, or below the gasless minimum: the `Swap too small` failure with the calldata).
 * Gasless solves of one owner and input token run one at a time, each seeing what the ones before committed.
 *
 * Every failure after the re-quote carries the quote and its `gaslessEligible`.
 */
export async function solveSwap(p: SolveSwapParameters): Promise<SolveSwapReturnType> {
  const started = p.started ?? Date.now();
  const { request: body, services } = p;
  const dryRun = p.sandbox || body.dryRun === true;
  const chain = services.chain(body.chain);
  const executor = chain.deployment.executor;
  if (!executor) throw new SluiceError("UNSUPPORTED_CHAIN", `Gasless swaps are not available on ${chain.name}: Sluice's executor is not deployed there`);

  const quote = await quoteSwap({
    time: services.time,
    chain: chain.name, deployment: chain.deployment, source: chain.source, routingGraphs: chain.routingGraphs, amount: body.amount, withPermit: false,
    from: { token: body.from, address: body.fromAddress, decimals: body.fromDecimals },
    to: { token: body.to, address: body.toAddress, decimals: body.toDecimals },
  });
  try {
    const s = prepare(p, { chain, executor: getAddress(executor), quote, started });
    const gasless = !dryRun && quote.gaslessEligible;
    const spend = { chainId: chain.id, owner: s.user, token: quote.tokenIn.address };
    const work = async () => {
      const pendingSpend = gasless ? await readPendingSpend(services.redis, { ...spend, client: chain.client }) : 0n;
      await services.time("permit", () => verifyPermit({
        chainId: chain.id, spender: s.executor, user: s.user, tokenIn: quote.tokenIn.address, amountRaw: quote.amountIn,
        permit: s.permit, signature: s.signature, witness: s.witness, client: chain.client, tokenSymbol: quote.tokenIn.symbol,
        tokenDecimals: quote.tokenIn.decimals, pendingSpend,
      }));
      const bound = await bindPermitToQuote({
        redis: services.redis, accountId: p.auth.accountId, user: s.user, permit: s.permit, witness: s.witness, quote,
        slippageMinimum: s.slippageMinimum,
      });
      if (!p.sandbox) {
        await claimPermitOwnership(services.redis, {
          chainId: chain.id, owner: s.user, nonce: s.permit.nonce, deadline: s.permit.deadline, accountId: p.auth.accountId, encodeOnly: !gasless,
        });
      }
      const encoded = encode({ ...s, ...bound });
      return gasless ? sendGaslessSolve(encoded) : encodeOnlySolve(encoded, dryRun);
    };
    return await (gasless ? withSpendLock(services.redis, spend, work) : work());
  } catch (error) {
    throw error instanceof SluiceError ? error.withBody({ gaslessEligible: quote.gaslessEligible, quote: formatQuote(quote) }) : error;
  }
}

type PreparedSolve = Omit<SolveContext, "data" | "transaction" | "minAmountOut" | "recipient"> & { slippageMinimum: bigint };

/** The solve's context once re-quoted: the signed permit and the minimum output. */
function prepare(
  p: SolveSwapParameters, q: Pick<SolveContext, "chain" | "executor" | "quote" | "started">,
): PreparedSolve {
  const { request: body, auth } = p;
  const { quote } = q;
  const routed = quote.executorRoute.splits.reduce((sum, split) => sum + split.amountIn, 0n);
  if (routed !== quote.amountIn) {
    throw new SluiceError("NO_ROUTE", `The route no longer takes the whole input (${routed} of ${quote.amountIn}); nothing was sent — request a fresh quote`);
  }
  const slippageBps = BigInt(body.slippageBps ?? DEFAULT_SLIPPAGE_BPS);
  const slippageMinimum = (quote.amountOut * (10_000n - slippageBps)) / 10_000n;
  if (slippageMinimum === 0n) {
    throw new SluiceError("NO_ROUTE", `The route pays no ${quote.tokenOut.symbol} for ${body.amount} ${quote.tokenIn.symbol}; use a larger amount`);
  }
  const user = getAddress(body.user);
  const signature = body.signature as Hex;
  const permit: SignedPermit = {
    permitted: { token: getAddress(body.permit.permitted.token), amount: BigInt(body.permit.permitted.amount) },
    nonce: BigInt(body.permit.nonce),
    deadline: BigInt(body.permit.deadline),
  };
  const witness = body.witness && {
    tokenOut: getAddress(body.witness.tokenOut), minAmountOut: BigInt(body.witness.minAmountOut), recipient: getAddress(body.witness.recipient),
  };
  return {
    ...p, ...q, user, permit, signature, witness, slippageMinimum,
    event: { id: newId("evt"), accountId: auth.accountId, apiKeyId: auth.keyId, chain: q.chain.name, volumeUsd: quote.volumeUsd, isTest: auth.isTest },
  };
}

/**
 * The executor calldata of a verified, bound permit: `swapWithWitness` for a witness permit (the executor enforces
 * what was signed), else `swap` paying the owner. The same bytes serve the gasless and the user-paid path.
 */
function encode(s: PreparedSolve & BindPermitToQuoteReturnType): SolveContext {
  const common = { permit: s.permit, owner: s.user, signature: s.signature, route: s.quote.executorRoute, minAmountOut: s.minAmountOut };
  const data = s.witness
    ? encodeExecutorWitnessSwap({ ...common, witness: s.witness })
    : encodeExecutorSwap({ ...common, recipient: s.user });
  return { ...s, data, transaction: { to: s.executor, data, value: "0", chain: s.chain.name } };
}
