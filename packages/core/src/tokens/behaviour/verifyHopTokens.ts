import type { Address } from "viem";
import type { ChainGraph } from "../../indexer/graphTypes.js";
import type { Redis } from "../../redis/createRedis.js";
import type { Pool } from "../../pools/types.js";
import { DEFAULT_ROUTE_OPTIONS } from "../../routing/findBestRoute.js";
import { findCandidatePaths } from "../../routing/findCandidatePaths.js";
import type { RoutingGraphCache } from "../../routing/routingGraphCache.js";
import { isRoutableTokenPredicate } from "./isRoutableTokenPredicate.js";
import { storeTokenBehaviours } from "./storeTokenBehaviours.js";
import type { TokenBehaviourRecord, TokenBehaviours } from "./tokenBehaviourTypes.js";

/** At most this many unchecked hop tokens are simulated during one quote (one eth_call each, in parallel). */
export const MAX_HOP_CHECKS_PER_QUOTE = 6;

export type VerifyHopTokensParameters = {
  redis: Redis;
  /** Probes a token's transfers (`detectTokenBehaviour` on the chain's client; the quote bounds and classifies its failures). */
  detect: (token: Address) => Promise<TokenBehaviourRecord>;
  graph: ChainGraph;
  routingGraphs: RoutingGraphCache;
  behaviours: TokenBehaviours;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** The other hop rules (the token list's), applied before behaviour. */
  canHop: (token: Address) => boolean;
  /** The pools the router may use (dust left out). */
  canUsePool?: (pool: Pool) => boolean;
};

/**
 * Check on first use: the candidate paths are searched as if unchecked tokens could hop; the unchecked intermediate
 * tokens they name (at most `MAX_HOP_CHECKS_PER_QUOTE`, in path order) are simulated now and stored. Returns the
 * behaviours with those results, and the strict hop predicate built from them: an unchecked token still never hops
 * (only checked `standard` ones and the registry's curated tokens do). Usually nothing is unchecked: the indexer cron
 * probes routable tokens ahead of quotes.
 */
export async function verifyHopTokens(p: VerifyHopTokensParameters): Promise<{ behaviours: TokenBehaviours; canHop: (token: Address) => boolean }> {
  const strict = isRoutableTokenPredicate(p.graph.chain, p.behaviours);
  const isOdd = (token: Address) => {
    const record = p.behaviours.get(token.toLowerCase() as Address);
    return record !== undefined && record.behaviour !== "unknown" && record.behaviour !== "standard";
  };
  const whole = Number(p.amountIn);
  const o = DEFAULT_ROUTE_OPTIONS;
  const paths = findCandidatePaths(p.routingGraphs.of(p.graph), {
    tokenIn: p.tokenIn, tokenOut: p.tokenOut, probeAmounts: [whole, whole / o.chunks], maxHops: o.maxHops, maxPaths: o.maxPaths,
    beamWidth: o.beamWidth, canHop: (token) => p.canHop(token) && !isOdd(token), canUsePool: p.canUsePool,
  });
  const unchecked = [...new Set(paths.flatMap((path) => path.tokens.slice(1, -1)))]
    .filter((token) => !strict(token) && !p.behaviours.has(token.toLowerCase() as Address))
    .slice(0, MAX_HOP_CHECKS_PER_QUOTE);
  if (unchecked.length === 0) return { behaviours: p.behaviours, canHop: (token) => p.canHop(token) && strict(token) };
  const fresh = new Map<Address, TokenBehaviourRecord>();
  await Promise.all(unchecked.map(async (token) => {
    fresh.set(token.toLowerCase() as Address, await p.detect(token));
  }));
  await storeTokenBehaviours(p.redis, p.graph.chain, fresh).catch(() => {});
  const behaviours = new Map([...p.behaviours, ...fresh]);
  const routable = isRoutableTokenPredicate(p.graph.chain, behaviours);
  return { behaviours, canHop: (token) => p.canHop(token) && routable(token) };
}
