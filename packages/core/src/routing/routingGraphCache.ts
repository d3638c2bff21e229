import type { ChainGraph } from "../indexer/graphTypes.js";
import { createPoolGraph, type PoolGraph } from "./poolGraph.js";

/**
 * The router's index (`PoolGraph`) of each chain graph, built once per graph object and kept exactly as long as that
 * graph is (a new graph from the store gets a new index). Created once per isolate and passed in.
 */
export type RoutingGraphCache = { of(graph: ChainGraph): PoolGraph };

export function createRoutingGraphCache(): RoutingGraphCache {
  const built = new WeakMap<ChainGraph, PoolGraph>();
  return {
    of(graph) {
      let routing = built.get(graph);
      if (!routing) {
        routing = createPoolGraph([...graph.pools.values()]);
        built.set(graph, routing);
      }
      return routing;
    },
  };
}
