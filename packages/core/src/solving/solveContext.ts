import type { Address, Hex } from "viem";
import type { AuthenticatedKey } from "../auth/authenticateApiKey.js";
import type { SignedPermit } from "../executor/encodeExecutorSwap.js";
import type { RequestChain } from "../http/createRequestChain.js";
import type { Services } from "../http/env.js";
import type { SwapQuote } from "../quoting/swapQuote.js";
import type { UsageRecorderBinding } from "../usage/recordUsage.js";
import type { CreateDbReturnType } from "../db/createDb.js";
import type { SluiceSwapWitness } from "../permit/sluiceSwapWitness.js";

/** What a solve runs with, from the worker: the request's services and the deployment's settings. */
export type SolveDependencies = {
  auth: AuthenticatedKey;
  services: Services;
  /** The sandbox never submits and records nothing (interface §8). */
  sandbox: boolean;
  /** The reporting worker's recorder; absent on the sandbox. */
  usage?: UsageRecorderBinding;
  /** Comma-separated relayer private keys; only those on the chain's relayer list are used. */
  relayerPrivateKeys?: string;
  /** A relayer transaction pending this long is replaced. */
  relayerStuckAfterMs: number;
  /** Runs work after the answer (the worker's `waitUntil`). */
  background: (work: Promise<unknown>) => void;
  /** A database connection of its own, for work after the answer. */
  openDb: () => CreateDbReturnType;
};

/** One solve after its re-quote: everything the encode-only and gasless paths share. */
export type SolveContext = SolveDependencies & {
  chain: RequestChain;
  executor: Address;
  user: Address;
  permit: SignedPermit;
  signature: Hex;
  /** A witness permit's signed `SluiceSwap`; absent: a plain permit (bound to its /route answer). */
  witness?: SluiceSwapWitness;
  quote: SwapQuote;
  /** The least output sent on chain: the larger of the signed minimum and the request's slippage bound. */
  minAmountOut: bigint;
  /** Who receives the output: the user, or the recipient the user signed in the witness. */
  recipient: Address;
  /** The executor calldata (the same bytes serve the gasless and the user-paid path). */
  data: Hex;
  transaction: { to: Address; data: Hex; value: "0"; chain: RequestChain["name"] };
  /** The solve's usage event, without its kind-specific fields. */
  event: {
    id: string; accountId: string; apiKeyId: string; chain: RequestChain["name"]; volumeUsd: string; isTest: boolean;
    /** The permit's owner and the swap's tokens. */
    swap: { owner: Address; tokenIn: Address; tokenOut: Address };
  };
  started: number;
};
