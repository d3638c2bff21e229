/**
 * Gasless solve latency on the devnet, through the HTTP API of the whole local stack: `pnpm tsx bench/solve-latency.ts`.
 *
 * Starts the stack (its own database, Redis db and devnet), creates a partner, funds fresh users with USDC on base
 * (Permit2 approved), then measures
 *   1. sequential solves: request → answer with `txHash` (the relayer has sent it), p50 / p99 / max;
 *   2. a burst of concurrent solves from distinct users on one chain: per-request latency, wall time, all mined?
 * Each phase also prints the answers' `Server-Timing` stages (p50 / p99 per stage). With COUNT_OPERATIONS=1 the stack
 * counts what the workers ask of their dependencies (Redis commands at the REST bridge, RPC calls and Postgres
 * statements at counting proxies, which add a little latency of their own) and each phase prints them per solve.
 * Environment: SOLVES (default 100), CONCURRENT (default 50), COUNT_OPERATIONS (default off), RPC_LATENCY_MS (with
 * COUNT_OPERATIONS: every RPC round trip waits this long at its proxy, as a remote provider's would; default 0), HOST
 * (`node`: the Node host instead of workerd under wrangler dev, whose proxy worker and console relay add to every request
 * locally).
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type { Address, Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { freePort, startStack } from "../packages/stack/src/index.js";
import { diffOperationCounts } from "../packages/stack/src/counting/diffOperationCounts.js";
import type { OperationCounts } from "../packages/stack/src/counting/createOperationCounter.js";
import { PERMIT2_ADDRESS } from "../packages/core/src/chains/chains.js";
import { permitWitnessTypedData } from "../packages/core/src/permit/permitWitnessTypedData.js";
import { leaseRedisDatabase } from "@sluice/testkit";
import { dropDatabase } from "@sluice/admin";
import { serverTimingStages } from "./serverTimingStages.js";
import { diffProcessCpuMs, formatMachineCpu, processCpuMs, wranglerProcessName } from "./processCpuMs.js";

// viem is a dependency of the packages, not of the repository root: load core's copy.
const requireFromCore = createRequire(new URL("../packages/core/package.json", import.meta.url));
const { createPublicClient, createWalletClient, defineChain, erc20Abi, http, maxUint256, parseAbi, parseUnits, zeroAddress } = requireFromCore("viem") as typeof import("viem");
const { generatePrivateKey, privateKeyToAccount } = requireFromCore("viem/accounts") as typeof import("viem/accounts");

const SOLVES = Number(process.env.SOLVES ?? 100);
const CONCURRENT = Number(process.env.CONCURRENT ?? 50);
const AMOUNT = "25";
const COUNT_OPERATIONS = process.env.COUNT_OPERATIONS === "1";
/** With COUNT_OPERATIONS: each RPC round trip of the workers waits this long (a remote provider's, say 20–50 ms). */
const RPC_LATENCY_MS = Number(process.env.RPC_LATENCY_MS ?? 0);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function report(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  console.log(`  ${label.padEnd(40)} n=${s.length}  p50 ${percentile(s, 50).toFixed(0)} ms  p99 ${percentile(s, 99).toFixed(0)} ms  max ${s.at(-1)!.toFixed(0)} ms`);
}

/** Per stage of the answers' Server-Timing: every sample of the current phase. */
const stages = serverTimingStages();
function printOperations(counts: OperationCounts, solves: number) {
  const per = (n = 0) => (n / solves).toFixed(2);
  const byName = (area?: { byName: Record<string, number> }) =>
    Object.entries(area?.byName ?? {}).sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${per(n)}`).join(", ") || "none";
  const { redis, rpc, postgres } = counts;
  console.log(`    per solve: redis ${per(redis?.total)} commands in ${per(redis?.roundTrips)} round trips (${byName(redis)})`);
  console.log(`               rpc ${per(rpc?.total)} calls in ${per(rpc?.roundTrips)} round trips (${byName(rpc)})`);
  console.log(`               postgres ${per(postgres?.total)} statements (${byName(postgres)})`);
}

const redis = await leaseRedisDatabase();
const stack = await startStack({
  name: `bench-solve-${process.pid}`, redisUrl: redis.url, redisDatabase: Number(new URL(redis.url).pathname.slice(1)),
  port: await freePort(), sandboxPort: await freePort(),
  freshDatabase: true, devnet: { basePort: 0 }, countOperations: COUNT_OPERATIONS, rpcLatencyMs: RPC_LATENCY_MS,
  host: process.env.HOST === "node" ? "node" : "workerd", log: (line) => console.log(`[stack] ${line}`),
});
try {
  const base = stack.manifest.chains.base;
  const chain = defineChain({ id: 8453, name: "base", nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [base.rpcUrl] } } });
  const client = createPublicClient({ chain, transport: http(base.rpcUrl) });
  const usdc = base.tokens.find((t) => t.symbol === "USDC")!.address;
  const weth = base.tokens.find((t) => t.symbol === "WETH")!.address;

  const admin = async (path: string, body: unknown) => {
    const response = await fetch(stack.baseUrl + path, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${stack.adminToken}` }, body: JSON.stringify(body) });
    return response.json() as Promise<Record<string, any>>;
  };
  const slug = `bench-${randomBytes(4).toString("hex")}`;
  await admin("/admin/v1/accounts", { slug, name: "Bench", rebateBps: 10 });
  const key = (await admin(`/admin/v1/accounts/${slug}/keys`, { environment: "production", rateLimitPerMinute: 100_000 })).key as string;

  async function fundUsers(count: number): Promise<PrivateKeyAccount[]> {
    const users = Array.from({ length: count }, () => privateKeyToAccount(generatePrivateKey()));
    const minter = await client.readContract({ address: usdc, abi: parseAbi(["function minter() view returns (address)"]), functionName: "minter" });
    await client.request({ method: "anvil_impersonateAccount" as never, params: [minter] as never });
    await client.request({ method: "anvil_setBalance" as never, params: [minter, "0x56BC75E2D63100000"] as never });
    const minterWallet = createWalletClient({ account: minter, chain, transport: http(base.rpcUrl) });
    const mint = await minterWallet.writeContract({ address: usdc, abi: parseAbi(["function mintBatch(address[], uint256[])"]), functionName: "mintBatch", args: [users.map((u) => u.address), users.map(() => parseUnits(AMOUNT, 6))] });
    await client.waitForTransactionReceipt({ hash: mint });
    await Promise.all(users.map(async (user) => {
      await client.request({ method: "anvil_setBalance" as never, params: [user.address, "0xDE0B6B3A7640000"] as never });
      const hash = await createWalletClient({ account: user, chain, transport: http(base.rpcUrl) })
        .writeContract({ address: usdc, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, maxUint256] });
      await client.waitForTransactionReceipt({ hash });
    }));
    return users;
  }

  let nonce = 1n;
  async function body(user: PrivateKeyAccount) {
    const deadline = (await client.getBlock()).timestamp + 900n;
    const permit = { permitted: { token: usdc as Address, amount: parseUnits(AMOUNT, 6) }, nonce: nonce++, deadline };
    // A witness permit, as /route issues them: the user signs the output token (minimum left to the slippage bound).
    const witness = { tokenOut: weth as Address, minAmountOut: 0n, recipient: zeroAddress };
    const signature: Hex = await user.signTypedData(permitWitnessTypedData({ chainId: 8453, spender: base.executor!, permit, witness }));
    return {
      from: "USDC", to: "WETH", amount: AMOUNT, chain: "base", user: user.address, slippageBps: 100, signature,
      permit: { permitted: { token: usdc, amount: String(permit.permitted.amount) }, nonce: String(permit.nonce), deadline: String(deadline) },
      witness: { ...witness, minAmountOut: "0" },
    };
  }
  async function solve(payload: unknown): Promise<{ ms: number; status: number; txHash?: Hex; error?: string }> {
    const started = performance.now();
    const response = await fetch(`${stack.baseUrl}/api/v1/solve`, { method: "POST", headers: { "Content-Type": "application/json", "X-Sluice-API-Key": key }, body: JSON.stringify(payload) });
    const answer = await response.json() as { transaction?: { txHash?: Hex }; error?: string };
    stages.record(response.headers.get("Server-Timing"));
    return { ms: performance.now() - started, status: response.status, txHash: answer.transaction?.txHash, error: answer.error };
  }

  // Warm-up: the key cache, the indexed graph, the relayer nonces.
  for (const user of await fundUsers(3)) await solve(await body(user));
  stages.clear();
  const counted = () => (COUNT_OPERATIONS ? stack.operationCounts!() : {});

  console.log(`\nsequential gasless solves (USDC → WETH on base, ${AMOUNT} USDC each)`);
  const sequential = [];
  const sequentialUsers = await fundUsers(SOLVES);
  // The stack's own tickers (indexing, webhook delivery) use CPU with no request: measured first, for scale.
  const idleBefore = processCpuMs(wranglerProcessName);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idle = diffProcessCpuMs(idleBefore, processCpuMs(wranglerProcessName));
  console.log(`  machine CPU idle, per second: ${formatMachineCpu(idle, 3)}`);
  let countsBefore = counted();
  const machineBefore = processCpuMs(wranglerProcessName);
  const phaseStarted = performance.now();
  for (const user of sequentialUsers) sequential.push(await solve(await body(user)));
  if (COUNT_OPERATIONS) printOperations(diffOperationCounts(countsBefore, counted()), SOLVES);
  const seqFailures = sequential.filter((r) => r.status !== 200 || !r.txHash);
  report("request → txHash", sequential.map((r) => r.ms));
  stages.print();
  const seqMined = await Promise.all(sequential.flatMap((r) => (r.txHash ? [r.txHash] : []))
    .map((hash) => client.waitForTransactionReceipt({ hash, timeout: 30_000 }).then((x) => x.status === "success", () => false)));
  // Each solve's work after its answer (pending spend, the ledger write, its receipt's finalisation) is counted too:
  // read once the last one has had time to finish. The load generator (`node`, with the REST bridge) signs the permits.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(`  machine CPU per solve: ${formatMachineCpu(diffProcessCpuMs(machineBefore, processCpuMs(wranglerProcessName)), SOLVES)}`
    + ` over ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s (idle use included)`);
  console.log(`  failures: ${seqFailures.length}${seqFailures.length ? ` (${seqFailures[0]!.error})` : ""}; mined successfully ${seqMined.filter(Boolean).length}/${SOLVES}`);

  console.log(`\n${CONCURRENT} concurrent gasless solves from ${CONCURRENT} users on base`);
  const users = await fundUsers(CONCURRENT);
  const payloads = await Promise.all(users.map(body));
  countsBefore = counted();
  const wallStart = performance.now();
  const burst = await Promise.all(payloads.map(solve));
  const wall = performance.now() - wallStart;
  if (COUNT_OPERATIONS) printOperations(diffOperationCounts(countsBefore, counted()), CONCURRENT);
  report("request → txHash", burst.map((r) => r.ms));
  stages.print();
  const hashes = burst.flatMap((r) => (r.txHash ? [r.txHash] : []));
  const settled = await Promise.allSettled(hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: 60_000 })));
  const receipts = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  for (const [i, r] of settled.entries()) {
    if (r.status === "rejected") {
      const tx = await client.getTransaction({ hash: hashes[i]! }).catch(() => null);
      console.log(`  NOT MINED: ${hashes[i]} (node knows it: ${tx ? `yes, nonce ${tx.nonce} from ${tx.from}` : "no"})`);
    }
  }
  const errors = burst.filter((r) => r.status !== 200).map((r) => r.error);
  console.log(`  wall time ${wall.toFixed(0)} ms; answered with txHash ${hashes.length}/${CONCURRENT}; mined successfully ${receipts.filter((r) => r.status === "success").length}/${CONCURRENT}; errors ${errors.length}${errors.length ? `: ${[...new Set(errors)].join("; ")}` : ""}`);
  const relayerNonces = await Promise.all(base.relayers.map((r) => client.getTransactionCount({ address: r, blockTag: "latest" })));
  const pending = await Promise.all(base.relayers.map((r) => client.getTransactionCount({ address: r, blockTag: "pending" })));
  console.log(`  relayer nonces mined ${relayerNonces.join(", ")}; pending ${pending.join(", ")} (equal: nothing stuck)`);
} finally {
  await stack.stop();
  await dropDatabase(stack.databaseUrl).catch(() => {}); // the run's own database (its name carries the pid)
  await redis.release();
}
