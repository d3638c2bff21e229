import type { AdvanceIndexReturnType } from "./advanceIndex.js";
import type { ChainGraph } from "./graphTypes.js";
import { updateStoredGraph, type UpdateStoredGraphParameters } from "./updateStoredGraph.js";

export type IndexUntilReadyParameters = UpdateStoredGraphParameters & {
  /** Gives up after this many invocations; default 10,000. */
  maxInvocations?: number;
  /** Called after each invocation. */
  onInvocation?: (result: AdvanceIndexReturnType) => void;
};

/**
 * Runs index invocations one after another until the chain's graph is ready and current (the local stack before it
 * serves, tests, benchmarks, the admin CLI). Returns the graph and how many invocations it took.
 */
export async function indexUntilReady(params: IndexUntilReadyParameters): Promise<{ graph: ChainGraph; invocations: number }> {
  const max = params.maxInvocations ?? 10_000;
  for (let invocations = 1; invocations <= max; invocations++) {
    const result = await updateStoredGraph(params);
    params.onInvocation?.(result);
    if (result.graph && result.progress.phase === "ready") return { graph: result.graph, invocations };
  }
  throw new Error(`${params.chain}: index not ready after ${max} invocations`);
}
