import { getAddress, isAddressEqual, type Address, type Hex } from "viem";
import { SluiceError } from "../errors/SluiceError.js";
import { encodeExecutorSwap, type SignedPermit } from "../executor/encodeExecutorSwap.js";
import { encodeExecutorWitnessSwap } from "../executor/encodeExecutorWitnessSwap.js";
import { claimGaslessSlot } from "../gasBudget/claimGaslessSlot.js";
import type { GaslessPause } from "../gasBudget/gaslessRevertBudget.js";
import { newId } from "../ids/newId.js";
import { claimPermitOwnership } from "../permit/claimPermitOwnership.js";
import { readIssuedPermit } from "../permit/readIssuedPermit.js";
import { recoverPermitSigner } from "../permit/recoverPermitSigner.js";
import type { SluiceSwapWitness } from "../permit/sluiceSwapWitness.js";
import { verifyPermit } from "../permit/verifyPermit.js";
import type { FormattedQuote } from "../quoting/formatQuote.js";
import { formatQuote } from "../quoting/formatQuote.js";
import { QUOTE_DEADLINE_MS, quoteSwap } from "../quoting/quoteSwap.js";
import { parseRelayerAccounts } from "../relayer/parseRelayerAccounts.js";
import { pickRelayer } from "../relayer/pickRelayer.js";
import { bindPermitToQuote, type BindPermitToQuoteReturnType } from "./bindPermitToQuote.js";
import { encodeOnlySolve } from "./encodeOnlySolve.js";
import { provenVolumeUsd } from "./provenVolumeUsd.js";
import { lockSpendAndReadState, type LockSpendAndReadStateReturnType } from "./lockSpendAndReadState.js";
import { nameEarlierSend } from "./nameEarlierSend.js";
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
 * back encode-only (a dry run, or below the gasless minimum: the `Swap too small` failure with the calldata; or an
 * owner whose gasless swaps kept reverting: the `Gasless paused` failure with it, `gasBudget`).
 * Gasless solves of one owner and input token run one at a time, each seeing what the ones before committed.
 *
 * What does not depend on the re-quote runs while it re-quotes (it is the solve's longest wait): the signature's
 * recovery and, unless a dry run, the spend lock with the reads it protects (pending spend, then the permit's chain
 * state), the relayer's pick and the chain's fees. Nothing is claimed or sent before every check passed on the fresh quote.
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
  const signed = parseSignedPermit(body);
  const spender = getAddress(executor);
  // Before any work starts, so a key that does not parse fails this request alone (nothing left in flight unawaited).
  const relayers = dryRun ? [] : parseRelayerAccounts(p.relayerPrivateKeys, chain.deployment.relayers);

  const quoting = quoteSwap({
    time: services.time,
    chain: chain.name, deployment: chain.deployment, source: chain.source, routingGraphs: chain.routingGraphs, amount: body.amount, withPermit: false,
    tokenBehaviour: { redis: services.redis }, deadlineMs: QUOTE_DEADLINE_MS, seenHeads: chain.heads,
    from: { token: body.from, address: body.fromAddress, decimals: body.fromDecimals },
    to: { token: body.to, address: body.toAddress, decimals: body.toDecimals },
  });
  // After the re-quote's first reads are on their way (the recovery is CPU work).
  const signer = handled(new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => recoverPermitSigner({ chainId: chain.id, spender, permit: signed.permit, signature: signed.signature, witness: signed.witness })));
  // A plain permit's nonce must come from this environment's /route: a sandbox answer binds no production send.
  const environment = p.sandbox ? "sandbox" : "production";
  const issued = signed.witness ? undefined : handled(readIssuedPermit(services.redis, chain.id, signed.permit.nonce, environment));
  const abandon = new AbortController();
  const early = dryRun ? undefined : {
    spend: handled(services.time("spend", () => lockSpendAndReadState({
      redis: services.redis, client: chain.client, chainId: chain.id, owner: signed.user, token: signed.permit.permitted.token,
      nonce: signed.permit.nonce, signal: abandon.signal,
    }))),
    relayer: handled(pickRelayer(services.redis, chain.id, relayers)),
    fees: handled(chain.client.estimateFeesPerGas()),
  };
  /** The spend lock is not needed (a failed re-quote or check, an encode-only solve): stop waiting, release it if held. */
  let lockHandled = false;
  const dropLock = () => {
    if (lockHandled) return;
    lockHandled = true;
    abandon.abort(new SluiceError("INTERNAL", "spend lock not needed"));
    void early?.spend.then((held) => held.release(), () => {});
  };

  let quote;
  try {
    quote = await quoting;
  } catch (error) {
    dropLock();
    throw error;
  }
  try {
    const s = prepare(p, signed, { chain, executor: spender, quote, started });
    const gasless = !dryRun && quote.gaslessEligible;
    const check = { chainId: chain.id, spender, user: s.user, tokenIn: quote.tokenIn.address, amountRaw: quote.amountIn,
      permit: s.permit, signature: s.signature, witness: s.witness, client: chain.client, tokenSymbol: quote.tokenIn.symbol,
      tokenDecimals: quote.tokenIn.decimals, signer };
    /** A permit already spent by an earlier solve of this account: the refusal names its transaction. */
    const naming = async (error: unknown): Promise<never> => { throw await nameEarlierSend({ services, auth: p.auth, chainId: chain.id }, error); };
    const bind = () => bindPermitToQuote({
      redis: services.redis, accountId: p.auth.accountId, user: s.user, permit: s.permit, witness: s.witness, quote,
      slippageMinimum: s.slippageMinimum, environment, issued,
    });
    /** The encode-only answer of a verified, bound permit: the permit is this account's from here (not the sandbox's). */
    const encodeOnly = async (bound: BindPermitToQuoteReturnType, pause?: GaslessPause) => {
      if (!p.sandbox) {
        await claimPermitOwnership(services.redis, {
          chainId: chain.id, owner: s.user, nonce: s.permit.nonce, deadline: s.permit.deadline, accountId: p.auth.accountId,
        });
      }
      return await encodeOnlySolve(encode({ ...s, ...bound }), dryRun, pause);
    };
    if (!gasless || !early) {
      dropLock();
      await services.time("permit", () => verifyPermit(check)).catch(naming);
      return await encodeOnly(await bind());
    }
    lockHandled = true;
    const held: LockSpendAndReadStateReturnType = await early.spend;
    // The owner's in-flight slot is claimed while the permit is verified (off the serial path), once the signature is
    // the owner's (nobody else's request takes the owner's slots), and given back if the solve sends nothing. The
    // same step reads the owner's reverts: an owner whose gasless swaps kept reverting (each costing the relayer's
    // gas) pays its own gas for a while.
    const claiming = handled(signer.then((recovered) => (isAddressEqual(recovered, s.user)
      ? claimGaslessSlot(services.redis, { chainId: chain.id, owner: s.user, accountId: p.auth.accountId, solve: s.event.id })
      : { inFlight: 0 }))); // verifyPermit refuses it
    /** Nothing was sent: the slot goes back, if this solve took one. */
    const giveBackSlot = () => claiming.then((claimed) => ("release" in claimed ? claimed.release() : undefined), () => {});
    try {
      await services.time("permit", () => verifyPermit({ ...check, pendingSpend: held.pendingSpend, state: held.state })).catch(naming);
      const bound = await bind();
      // An owner over the revert budget, or with as many gasless swaps sent and not yet mined as allowed, submits this
      // one itself (or, for the latter, retries).
      const claimed = await claiming;
      if (!("release" in claimed)) {
        await held.release();
        return await encodeOnly(bound, claimed);
      }
      // From here the lock is the send's: released once its pending spend is recorded (after the answer); the slot
      // once the transaction is mined.
      return await sendGaslessSolve(encode({ ...s, ...bound }), {
        relayer: early.relayer, fees: early.fees, releaseLock: held.release, spendLock: held.fence, slot: claimed,
      });
    } catch (error) {
      await Promise.all([held.release(), giveBackSlot()]);
      throw error;
    }
  } catch (error) {
    dropLock();
    throw error instanceof SluiceError ? error.withBody({ gaslessEligible: quote.gaslessEligible, quote: formatQuote(quote) }) : error;
  }
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled before that. */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

type SignedRequest = { user: Address; permit: SignedPermit; signature: Hex; witness?: SluiceSwapWitness };

/** The signed permit as the request carries it (validated by the route's schema). */
function parseSignedPermit(body: SolveRequest): SignedRequest {
  return {
    user: getAddress(body.user),
    signature: body.signature as Hex,
    permit: {
      permitted: { token: getAddress(body.permit.permitted.token), amount: BigInt(body.permit.permitted.amount) },
      nonce: BigInt(body.permit.nonce),
      deadline: BigInt(body.permit.deadline),
    },
    witness: body.witness && {
      tokenOut: getAddress(body.witness.tokenOut), minAmountOut: BigInt(body.witness.minAmountOut), recipient: getAddress(body.witness.recipient),
    },
  };
}

/** Before the minimum is bound: the event has no volume yet (`encode` credits it). */
type PreparedSolve = Omit<SolveContext, "data" | "transaction" | "minAmountOut" | "recipient" | "event"> & {
  slippageMinimum: bigint;
  event: Omit<SolveContext["event"], "volumeUsd">;
};

/** The solve's context once re-quoted: the signed permit and the minimum output. */
function prepare(
  p: SolveSwapParameters, signed: SignedRequest, q: Pick<SolveContext, "chain" | "executor" | "quote" | "started">,
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
  return {
    ...p, ...q, ...signed, slippageMinimum,
    event: {
      id: newId("evt"), accountId: auth.accountId, apiKeyId: auth.keyId, chain: q.chain.name, isTest: auth.isTest,
      swap: { owner: signed.user, tokenIn: quote.tokenIn.address, tokenOut: quote.tokenOut.address },
    },
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
  // The event is credited with what the chain guarantees, now that the minimum is bound.
  const event = { ...s.event, volumeUsd: provenVolumeUsd({ quote: s.quote, minAmountOut: s.minAmountOut }) };
  return { ...s, event, data, transaction: { to: s.executor, data, value: "0", chain: s.chain.name } };
}
