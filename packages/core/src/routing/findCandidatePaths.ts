import type { Address } from "viem";
import { otherToken, type Pool } from "../pools/types.js";
import { estimateEdgeOut, pairKey, type EdgeParameters, type PoolGraph } from "./poolGraph.js";
import type { Path } from "./types.js";

export type FindCandidatePathsParameters = {
  tokenIn: Address;
  tokenOut: Address;
  /** The amounts to rank paths at (float heuristic): typically the whole input and one split chunk. */
  probeAmounts: readonly number[];
  /** At most this many pools per path (1 to 3). */
  maxHops: number;
  /** Paths kept per probe amount. */
  maxPaths: number;
  /** Partial paths kept per intermediate token at each hop. */
  beamWidth: number;
  /** Whether a token may be an intermediate hop (default: any); the endpoints are always allowed. */
  canHop?: (token: Address) => boolean;
  /** Whether a pool may be used (default: any), e.g. not dust. */
  canUsePool?: (pool: Pool) => boolean;
};

type Partial = { tokens: Address[]; edges: EdgeParameters[]; amount: number };

function pathKey(p: Partial): string {
  return p.edges.map((e) => e.pool.address).join(">");
}

function insertTop(list: Partial[], item: Partial, width: number): void {
  if (list.length === width && list[width - 1]!.amount >= item.amount) return;
  let i = list.length;
  while (i > 0 && list[i - 1]!.amount < item.amount) i--;
  list.splice(i, 0, item);
  if (list.length > width) list.pop();
}

function accepts(list: readonly Partial[] | undefined, amount: number, width: number): boolean {
  return !list || list.length < width || list[width - 1]!.amount < amount;
}

function search(graph: PoolGraph, p: FindCandidatePathsParameters, probe: number): Partial[] {
  const results: Partial[] = [];
  // tokens one pool away from tokenOut: the only useful tokens to stand on with one hop left
  const beforeLast = new Set<Address>();
  for (const edge of graph.byToken.get(p.tokenOut) ?? []) beforeLast.add(otherToken(edge.pool, p.tokenOut));
  let frontier: Partial[] = [{ tokens: [p.tokenIn], edges: [], amount: probe }];
  for (let hop = 1; hop <= p.maxHops && frontier.length > 0; hop++) {
    const remaining = p.maxHops - hop;
    const next = new Map<Address, Partial[]>();
    for (const partial of frontier) {
      const at = partial.tokens[partial.tokens.length - 1]!;
      let edges: readonly EdgeParameters[];
      if (remaining === 0) edges = graph.byPair.get(pairKey(at, p.tokenOut)) ?? [];
      else if (remaining === 1 && beforeLast.size < (graph.byToken.get(at)?.length ?? 0)) {
        // cheaper to look up the pools from here to each token next to tokenOut
        const list: EdgeParameters[] = [];
        for (const to of beforeLast) for (const e of graph.byPair.get(pairKey(at, to)) ?? []) list.push(e);
        for (const e of graph.byPair.get(pairKey(at, p.tokenOut)) ?? []) list.push(e);
        edges = list;
      } else edges = graph.byToken.get(at) ?? [];
      for (const edge of edges) {
        const to = otherToken(edge.pool, at);
        if (to !== p.tokenOut && (remaining === 0 || (remaining === 1 && !beforeLast.has(to)))) continue;
        if (partial.tokens.includes(to) || partial.edges.includes(edge)) continue;
        if (to !== p.tokenOut && p.canHop && !p.canHop(to)) continue;
        if (p.canUsePool && !p.canUsePool(edge.pool)) continue;
        const amount = estimateEdgeOut(edge, at, partial.amount);
        if (!(amount > 0)) continue;
        const list = to === p.tokenOut ? results : next.get(to);
        const width = to === p.tokenOut ? p.maxPaths : p.beamWidth;
        if (!accepts(list, amount, width)) continue;
        const extended = { tokens: [...partial.tokens, to], edges: [...partial.edges, edge], amount };
        if (list) insertTop(list, extended, width);
        else next.set(to, [extended]);
      }
    }
    frontier = [...next.values()].flat();
  }
  return results;
}

/**
 * Candidate paths from tokenIn to tokenOut of at most `maxHops` pools, with no token or pool repeated.
 * A beam search on a float estimate (virtual reserves): at each hop only the best `beamWidth` partial paths into
 * each token survive, and the last hop only looks at pools of the (token, tokenOut) pair, so the work per hop is
 * bounded by beamWidth × (pools touching the frontier) even on large graphs. Paths are ranked at each probe amount
 * (the whole input favours deep paths, a chunk favours the best marginal price, which splits need) and the union
 * of each ranking's best `maxPaths` is returned, best first. The float ranking only selects candidates: every amount
 * is re-quoted exactly.
 */
export function findCandidatePaths(graph: PoolGraph, p: FindCandidatePathsParameters): Path[] {
  const seen = new Set<string>();
  const paths: Path[] = [];
  for (const probe of p.probeAmounts) {
    for (const partial of search(graph, p, probe)) {
      const key = pathKey(partial);
      if (seen.has(key)) continue;
      seen.add(key);
      paths.push({ pools: partial.edges.map((e) => e.pool), tokens: partial.tokens });
    }
  }
  return paths;
}
