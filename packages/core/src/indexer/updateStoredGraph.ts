import { advanceIndex, type AdvanceIndexReturnType } from "./advanceIndex.js";
import type { ChainIndexSource } from "./chainIndexSource.js";
import { createIndexBudget, type CreateIndexBudgetParameters } from "./indexBudget.js";

export type UpdateStoredGraphParameters = ChainIndexSource & {
  budget?: CreateIndexBudgetParameters;
  /** V3 pools one load slice reads (see `advanceIndex`). */
  poolsPerSlice?: number;
  /** Logs one slice holds at most (see `advanceIndex`). */
  maxLogsPerSlice?: number;
};

/**
 * One invocation's indexing of a chain (what the swap worker's cron runs for each chain): moves its index forward
 * within the budget (default: 500 subrequests, 20 s) — a cold index a few slices further, a ready one up to the
 * latest block — writes a graph that moved on with its routable universe (`storeReadyGraph`, only changed shards) and makes that
 * routable graph this isolate's cached graph.
 */
export async function updateStoredGraph(source: UpdateStoredGraphParameters): Promise<AdvanceIndexReturnType> {
  return advanceIndex({ ...source, budget: createIndexBudget(source.budget) });
}
