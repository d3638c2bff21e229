import { encodeFunctionData, decodeFunctionResult, type Address, type Hex, type PublicClient } from "viem";
import { chains } from "../../chains/chains.js";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import { otherToken } from "../../pools/types.js";
import { poolPayout } from "../../quoting/poolPayout.js";
import { classifyProbeOutcome } from "./classifyProbeOutcome.js";
import { tokenProbeAbi, tokenProbeRuntimeCode } from "./tokenProbeArtifact.js";
import type { TokenBehaviourRecord } from "./tokenBehaviourTypes.js";

/** Where the probe's code is placed for the call (an address nothing lives at). */
export const TOKEN_PROBE_ADDRESS: Address = "0x5100000000000000000000000000000000000001";

export type DetectTokenBehaviourParameters = {
  client: PublicClient;
  /** The chain's indexed graph: where the pools holding the token are found. */
  graph: ChainGraph;
  token: Address;
  /** Unix ms stamped on the result (default now). */
  nowMs?: number;
};

/**
 * Classifies how a token transfers by simulation on the latest block: one `eth_call` that places `TokenProbe`'s
 * runtime code at a free address (state override) and has it borrow a thousandth of the balance of the indexed
 * pool holding the most of the token (`pickPool`: V2 pairs and pools against curated tokens preferred), then transfer
 * it twice (see the contract). Nothing is sent and no storage of the token is guessed.
 * RPC failures throw (the caller decides; the cron retries later); a probe that cannot tell answers `unknown`.
 */
export async function detectTokenBehaviour(p: DetectTokenBehaviourParameters): Promise<TokenBehaviourRecord> {
  const token = p.token.toLowerCase() as Address;
  const checkedAt = p.nowMs ?? Date.now();
  const pool = pickPool(p.graph, token);
  if (!pool) return { behaviour: "unknown", checkedAt, detail: "no indexed pool holds it" };
  const data = encodeFunctionData({ abi: tokenProbeAbi, functionName: "probe", args: [pool.address, pool.isV2, token] });
  let answer: Hex | undefined;
  try {
    ({ data: answer } = await p.client.call({
      to: TOKEN_PROBE_ADDRESS, data, blockTag: "latest", stateOverride: [{ address: TOKEN_PROBE_ADDRESS, code: tokenProbeRuntimeCode }],
    }));
  } catch (error) {
    if (isRevert(error)) return { behaviour: "unknown", checkedAt, detail: `the probe reverted on ${pool.address}` };
    throw error;
  }
  const outcome = decodeFunctionResult({ abi: tokenProbeAbi, functionName: "probe", data: answer ?? "0x" });
  const { behaviour, detail } = classifyProbeOutcome(outcome, pool.isV2);
  return { behaviour, checkedAt, detail: `${detail} (pool ${pool.address})` };
}

/**
 * The pool to borrow from: the one that can pay out the most of the token (`poolPayout`: a V2 pair's reserve, what a
 * V3 pool holds in all its ranges), a V2 pair counted 10× (its recorded reserve also reveals rebases) and a pool
 * against one of the chain's curated tokens 10× (the pool's flash reads both tokens' balances: a curated one does not
 * revert). Not by raw V3 liquidity: it is not comparable across pools, so a pool of an attacker's junk token at an
 * extreme price has enormous liquidity while holding almost none of the token; picked, a junk token whose balanceOf
 * reverts makes the probe answer `unknown` (the token refused), and a pool holding a few thousand wei makes it
 * borrow a few wei, where a transfer fee rounds to 0. Outranking the best market now takes as much of the token as it
 * holds (10× against a curated token), and a bonus never lets dust win over a pool holding a hundred times more.
 */
function pickPool(graph: ChainGraph, token: Address): { address: Address; isV2: boolean } | undefined {
  const curated = new Set(chains[graph.chain].curatedTokens.map((t) => t.address.toLowerCase()));
  let best: { address: Address; isV2: boolean; weight: bigint } | undefined;
  for (const address of graph.poolsByToken.get(token) ?? []) {
    const pool = graph.pools.get(address);
    const payout = pool && poolPayout(pool, token);
    if (!pool || !payout || payout <= 0n) continue;
    const isV2 = pool.protocol === "uniswap-v2";
    const weight = payout * (isV2 ? 10n : 1n) * (curated.has(otherToken(pool, token)) ? 10n : 1n);
    if (!best || weight > best.weight) best = { address, isV2, weight };
  }
  return best && { address: best.address, isV2: best.isV2 };
}

function isRevert(error: unknown): boolean {
  return /revert/i.test(String((error as { message?: string })?.message ?? ""));
}
