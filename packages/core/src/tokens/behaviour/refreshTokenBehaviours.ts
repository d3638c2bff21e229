import type { Address, PublicClient } from "viem";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import type { Redis } from "../../redis/createRedis.js";
import { isListedToken } from "../../quoting/isListedToken.js";
import { detectTokenBehaviour } from "./detectTokenBehaviour.js";
import { readTokenBehaviours } from "./readTokenBehaviours.js";
import { storeTokenBehaviours } from "./storeTokenBehaviours.js";
import {
  TOKEN_BEHAVIOUR_CHECKS_PER_RUN, TOKEN_BEHAVIOUR_RECHECK_MS, TOKEN_BEHAVIOUR_UNKNOWN_RECHECK_MS, type TokenBehaviourRecord, type TokenBehaviours,
} from "./tokenBehaviourTypes.js";

export type RefreshTokenBehavioursParameters = {
  redis: Redis;
  client: PublicClient;
  graph: ChainGraph;
  /** At most this many tokens probed (default `TOKEN_BEHAVIOUR_CHECKS_PER_RUN`). */
  limit?: number;
  nowMs?: number;
  /** Quality scores newer than the graph's (the token list's, read from the quality source): they decide what is due. */
  quality?: ReadonlyMap<Address, number>;
};

export type RefreshTokenBehavioursReturnType = {
  checked: number;
  /** How many were due (checked now or left for later runs). */
  due: number;
  results: Map<Address, TokenBehaviourRecord>;
  /** Every stored behaviour of the chain after this run. */
  behaviours: TokenBehaviours;
};

/**
 * The indexer cron's step: probes the tokens that would be routable (they pass the token-list rules) and whose
 * behaviour is unchecked or due for a re-check (a day; an hour for `unknown`), most-pooled first, at most `limit`
 * per run, and stores the results. A token whose probe fails on an RPC error is left for the next run. Run after each
 * indexing pass, with the token list's recomputation (`tokenListFromGraph`), so the list and the routes agree.
 */
export async function refreshTokenBehaviours(p: RefreshTokenBehavioursParameters): Promise<RefreshTokenBehavioursReturnType> {
  const nowMs = p.nowMs ?? Date.now();
  const known = await readTokenBehaviours(p.redis, p.graph.chain, nowMs);
  const due = [...p.graph.tokens.keys()].filter((token) => {
    if (!isListedToken(p.graph, p.graph.chain, token, p.quality?.get(token))) return false;
    const record = known.get(token);
    if (!record) return true;
    const age = nowMs - record.checkedAt;
    return age >= (record.behaviour === "unknown" ? TOKEN_BEHAVIOUR_UNKNOWN_RECHECK_MS : TOKEN_BEHAVIOUR_RECHECK_MS);
  });
  due.sort((a, b) => (p.graph.poolsByToken.get(b)?.length ?? 0) - (p.graph.poolsByToken.get(a)?.length ?? 0) || (a < b ? -1 : 1));
  const batch = due.slice(0, p.limit ?? TOKEN_BEHAVIOUR_CHECKS_PER_RUN);
  const results = new Map<Address, TokenBehaviourRecord>();
  const settled = await Promise.allSettled(batch.map((token) => detectTokenBehaviour({ client: p.client, graph: p.graph, token, nowMs })));
  settled.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") results.set(batch[i]!, outcome.value);
  });
  await storeTokenBehaviours(p.redis, p.graph.chain, results);
  return { checked: results.size, due: due.length, results, behaviours: new Map([...known, ...results]) };
}
