/**
 * List prices the benchmarks turn counted operations into money with (USD). Each default cites its source; every one
 * can be overridden by the environment variable named beside it. Prices change: re-read the sources before quoting.
 */
export type ListPrices = {
  /** Per million Worker requests. A service-binding call (gateway → swap) is not billed as a second request. */
  workersRequestsPerMillion: number;
  /** Per million CPU milliseconds of Workers. */
  workersCpuMsPerMillion: number;
  /** Per 100,000 Redis commands. */
  redisCommandsPer100k: number;
  /** Per million RPC compute units, and the compute units of each method (unknown methods: `rpcDefaultCu`). */
  rpcPerMillionCu: number;
  rpcCuByMethod: Record<string, number>;
  rpcDefaultCu: number;
  /** Per million Postgres statements (see the note on Neon below). */
  postgresStatementsPerMillion: number;
};

export function readListPrices(env: Record<string, string | undefined> = process.env): ListPrices {
  const num = (name: string, fallback: number) => (env[name] !== undefined && env[name] !== "" ? Number(env[name]) : fallback);
  return {
    // Cloudflare Workers, Standard usage model (Workers Paid): $0.30 per additional million requests, $0.02 per
    // additional million CPU ms; requests through service bindings are not charged again.
    // https://developers.cloudflare.com/workers/platform/pricing/
    workersRequestsPerMillion: num("PRICE_WORKERS_REQUESTS_PER_M", 0.30),
    workersCpuMsPerMillion: num("PRICE_WORKERS_CPU_MS_PER_M", 0.02),
    // Upstash Redis pay-as-you-go: $0.20 per 100K commands (every command of a pipeline or transaction counts).
    // https://upstash.com/pricing/redis
    redisCommandsPer100k: num("PRICE_REDIS_PER_100K", 0.20),
    // Alchemy pay-as-you-go: $0.45 per million compute units (https://www.alchemy.com/pricing); compute units per
    // method from https://www.alchemy.com/docs/reference/compute-unit-costs (eth_call 26, eth_getLogs 60,
    // eth_blockNumber 10, eth_chainId 0). Infura and QuickNode price by credits in the same spirit.
    rpcPerMillionCu: num("PRICE_RPC_PER_M_CU", 0.45),
    rpcCuByMethod: {
      eth_chainId: 0, net_version: 0, eth_blockNumber: 10, eth_call: 26, eth_getLogs: 60, eth_getBlockByNumber: 20,
      eth_getBalance: 20, eth_getTransactionCount: 20, eth_getTransactionReceipt: 20, eth_estimateGas: 20,
      eth_feeHistory: 10, eth_maxPriorityFeePerGas: 10, eth_gasPrice: 20, eth_sendRawTransaction: 40,
      ...(env.PRICE_RPC_CU_BY_METHOD ? (JSON.parse(env.PRICE_RPC_CU_BY_METHOD) as Record<string, number>) : {}),
    },
    rpcDefaultCu: num("PRICE_RPC_DEFAULT_CU", 26),
    // Neon bills compute time, not statements: $0.14 per compute-unit hour on its Launch plan
    // (https://neon.com/pricing). Assumed here: one statement keeps 1 CU busy for 1 ms, so
    // 0.14 / 3,600,000 ms × 1e6 ≈ $0.039 per million statements. Override with what your workload measures.
    postgresStatementsPerMillion: num("PRICE_POSTGRES_STATEMENTS_PER_M", 0.14 / 3_600_000 * 1e6),
  };
}
