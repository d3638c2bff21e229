import type { ListPrices } from "./listPrices.js";

export type CostPerMillionQuotesParameters = {
  prices: ListPrices;
  /** Per request: Redis commands, RPC calls by method, Postgres statements, Workers CPU ms. */
  redisCommands: number;
  rpcCallsByMethod: Record<string, number>;
  postgresStatements: number;
  cpuMs: number;
};

export type CostPerMillionQuotesReturnType = {
  workersRequests: number; workersCpu: number; redis: number; rpc: number; postgres: number; total: number;
};

/** What a million quotes cost in USD at list prices, per line, from per-request operation counts. */
export function costPerMillionQuotes(p: CostPerMillionQuotesParameters): CostPerMillionQuotesReturnType {
  const { prices } = p;
  const cu = Object.entries(p.rpcCallsByMethod).reduce((sum, [method, calls]) => sum + calls * (prices.rpcCuByMethod[method] ?? prices.rpcDefaultCu), 0);
  const lines = {
    workersRequests: prices.workersRequestsPerMillion,
    workersCpu: p.cpuMs * prices.workersCpuMsPerMillion,
    redis: p.redisCommands * 1e6 / 1e5 * prices.redisCommandsPer100k,
    rpc: cu * prices.rpcPerMillionCu,
    postgres: p.postgresStatements * prices.postgresStatementsPerMillion,
  };
  return { ...lines, total: Object.values(lines).reduce((a, b) => a + b, 0) };
}
