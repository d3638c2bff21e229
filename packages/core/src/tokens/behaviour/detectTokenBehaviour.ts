import { encodeFunctionData, decodeFunctionResult, type Address, type Hex, type PublicClient } from "viem";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import { classifyProbeOutcome } from "./classifyProbeOutcome.js";
import { pickProbePool } from "./pickProbePool.js";
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
 * pool holding the most of the token (`pickProbePool`: only pools against curated or listed tokens when it has any;
 * V2 pairs and pools against curated tokens preferred), then transfer
 * it twice (see the contract). Nothing is sent and no storage of the token is guessed.
 * RPC failures throw (the caller decides; the cron retries later); a probe that cannot tell answers `unknown`.
 */
export async function detectTokenBehaviour(p: DetectTokenBehaviourParameters): Promise<TokenBehaviourRecord> {
  const token = p.token.toLowerCase() as Address;
  const checkedAt = p.nowMs ?? Date.now();
  const pool = pickProbePool(p.graph, token);
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

function isRevert(error: unknown): boolean {
  return /revert/i.test(String((error as { message?: string })?.message ?? ""));
}
