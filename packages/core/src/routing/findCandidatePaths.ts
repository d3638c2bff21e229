import type { Address } from "viem";
import { otherToken } from "../pools/types.js";
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

function search(graph: PoolGraph, p: FindCandidatePathsParameters, probe: number): Partial[] {
  const results: Partial[] = [];
  let frontier: Partial[] = [{ tokens: [p.tokenIn], edges: [], amount: probe }];
  for (let hop = 1; hop <= p.maxHops && frontier.length > 0; hop++) {
    const last = hop === p.maxHops;
    const next = new Map<Address, Partial[]>();
    for (const partial of frontier) {
      const at = partial.tokens[partial.tokens.length - 1]!;
      // the last hop only needs the pools that reach tokenOut
      const edges = last ? graph.byPair.get(pairKey(at, p.tokenOut)) : graph.byToken.get(at);
      if (!edges) continue;
      for (const edge of edges) {
        const to = otherToken(edge.pool, at);
        if (partial.tokens.includes(to) || partial.edges.includes(edge)) continue;
        const amount = estimateEdgeOut(edge, at, partial.amount);
        if (!(amount > 0)) continue;
        const extended = { tokens: [...partial.tokens, to], edges: [...partial.edges, edge], amount };
        if (to === p.tokenOut) insertTop(results, extended, p.maxPaths);
        else if (!last) {
          const list = next.get(to) ?? [];
          if (list.length === 0) next.set(to, list);
          insertTop(list, extended, p.beamWidth);
        }
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
