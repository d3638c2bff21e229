import { encodeFunctionData, decodeFunctionResult, type Address, type Hex, type PublicClient } from "viem";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import { classifyProbeOutcome } from "./classifyProbeOutcome.js";
import { freshAddress } from "./freshAddress.js";
import { pickProbePool } from "./pickProbePool.js";
import { tokenProbeAbi, tokenProbeRuntimeCode } from "./tokenProbeArtifact.js";
import type { TokenBehaviourRecord } from "./tokenBehaviourTypes.js";

/**
 * The probe runs as a real transaction would: sent by an EOA-like address (tx.origin ≠ 0) at a non-zero gas price
 * (tx.gasprice = base fee + this tip), because a honeypot can behave only when tx.origin or tx.gasprice is 0, as in a
 * bare eth_call. The caller is given just enough balance (by state override) for the gas limit at the fee cap.
 */
const PROBE_GAS = 10_000_000n;
const PROBE_MAX_FEE_PER_GAS = 10n ** 13n; // 10,000 gwei: above any chain's base fee, so the call is never refused for it
const PROBE_PRIORITY_FEE_PER_GAS = 10n ** 7n; // 0.01 gwei
const PROBE_CALLER_BALANCE = PROBE_GAS * PROBE_MAX_FEE_PER_GAS;

export type DetectTokenBehaviourParameters = {
  client: PublicClient;
  /** The chain's indexed graph: where the pools holding the token are found. */
  graph: ChainGraph;
  token: Address;
  /** Unix ms stamped on the result (default now). */
  nowMs?: number;
};

/**
 * Classifies how a token transfers by simulation on the latest block: one `eth_call`, from a fresh random address,
 * that places `TokenProbe`'s runtime code at another fresh random address (state override) and has it borrow a
 * thousandth of the balance of the indexed pool holding the most of the token (`pickProbePool`: only pools against
 * curated or listed tokens when it has any; V2 pairs and pools against curated tokens preferred), transfer it twice
 * and sell some back into the pool (see the contract). Nothing is sent and no storage of the token is guessed.
 * RPC failures throw (the caller decides; the cron retries later); a probe that cannot tell answers `unknown`.
 */
export async function detectTokenBehaviour(p: DetectTokenBehaviourParameters): Promise<TokenBehaviourRecord> {
  const token = p.token.toLowerCase() as Address;
  const checkedAt = p.nowMs ?? Date.now();
  const pool = pickProbePool(p.graph, token);
  if (!pool) return { behaviour: "unknown", checkedAt, detail: "no indexed pool holds it" };
  const data = encodeFunctionData({ abi: tokenProbeAbi, functionName: "probe", args: [pool.address, pool.isV2, token] });
  const [probe, caller] = [freshAddress(), freshAddress()];
  let answer: Hex | undefined;
  try {
    ({ data: answer } = await p.client.call({
      account: caller, to: probe, data, blockTag: "latest",
      gas: PROBE_GAS, maxFeePerGas: PROBE_MAX_FEE_PER_GAS, maxPriorityFeePerGas: PROBE_PRIORITY_FEE_PER_GAS,
      stateOverride: [{ address: probe, code: tokenProbeRuntimeCode }, { address: caller, balance: PROBE_CALLER_BALANCE }],
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
