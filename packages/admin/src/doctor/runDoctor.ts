import { executorArtifact } from "@sluice/contracts";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  chainNames, chains, chainSettings, createChainClient, createDb, createRedis, executorAbi, MULTICALL3_ADDRESS, parseChainConfig, PERMIT2_ADDRESS,
  type ChainName,
} from "@sluice/core";
import { createTcpRedis } from "@sluice/core/node";
import { sql } from "drizzle-orm";
import { formatEther, getAddress, isAddressEqual, type Address, type PublicClient } from "viem";

export type DoctorCheck = { name: string; ok: boolean; detail: string };

export type RunDoctorParameters = {
  databaseUrl?: string;
  redisRestUrl?: string;
  redisRestToken?: string;
  /** Redis over TCP (a Node host deployment); checked instead of the REST settings when set. */
  redisUrl?: string;
  /** The deployment's `SLUICE_CHAINS`. */
  sluiceChains?: string;
  acrossApiUrl?: string;
  /** Why a connection is not configured (`resolveConfig`), reported as its failed check. */
  missing?: { database?: string; redis?: string };
  /** A relayer below this balance (wei of the native coin) fails its check; default the chain's minimum relayer balance. */
  relayerMinBalanceWei?: bigint;
};

const journal = fileURLToPath(new URL("../../../../drizzle/meta/_journal.json", import.meta.url));

/**
 * `pnpm admin doctor`: checks a deployment's configuration against its stores and chains, one line per check —
 * Postgres reachable and migrated, Redis reachable, and for every configured chain: the RPC answers with the expected
 * chain id; Permit2, Multicall3, the factories and the executor have code; the executor uses Permit2 and the
 * configured factories; every relayer is allowed on it and funded above the threshold; and the Across API answers.
 * Never throws: a failing dependency is a failed check.
 */
export async function runDoctor(p: RunDoctorParameters): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const check = async (name: string, work: () => Promise<string>) => {
    try {
      checks.push({ name, ok: true, detail: await work() });
    } catch (error) {
      checks.push({ name, ok: false, detail: error instanceof Error ? error.message.split("\n")[0]! : String(error) });
    }
  };

  await check("postgres", async () => {
    if (!p.databaseUrl) throw new Error(p.missing?.database ?? "DATABASE_URL is not set");
    const { db, close } = createDb({ url: p.databaseUrl });
    try {
      const expected = (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
      const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const applied = rows.rows[0]!.n;
      if (applied < expected) throw new Error(`${applied} of ${expected} migrations applied: run pnpm db:migrate`);
      return `reachable, ${applied} migrations applied`;
    } finally {
      await close();
    }
  });

  await check("redis", async () => {
    if (p.redisUrl) {
      const tcp = createTcpRedis({ url: p.redisUrl });
      try {
        if (!(await tcp.ready(3_000))) throw new Error("not reachable over TCP within 3 s (REDIS_URL)");
        const answer = await tcp.redis.ping();
        if (answer !== "PONG") throw new Error(`answered ${String(answer)} to PING`);
        return "reachable over TCP (REDIS_URL)";
      } finally {
        await tcp.close();
      }
    }
    if (!p.redisRestUrl || !p.redisRestToken) throw new Error(p.missing?.redis ?? "neither REDIS_URL nor REDIS_REST_URL and REDIS_REST_TOKEN are set");
    const answer = await createRedis({ url: p.redisRestUrl, token: p.redisRestToken }).ping();
    if (answer !== "PONG") throw new Error(`answered ${String(answer)} to PING`);
    return "reachable";
  });

  let config: ReturnType<typeof parseChainConfig> = {};
  await check("chains", async () => {
    config = parseChainConfig(p.sluiceChains);
    const names = Object.keys(config);
    if (names.length === 0) throw new Error("SLUICE_CHAINS configures no chain");
    return names.join(", ");
  });
  for (const name of chainNames.filter((n) => config[n])) {
    await checkChain(name, config[name]!, p.relayerMinBalanceWei ?? chainSettings(name, config[name]).minRelayerBalanceWei, check);
  }

  if (p.acrossApiUrl) {
    await check("across", async () => {
      const response = await fetch(`${p.acrossApiUrl!.replace(/\/+$/, "")}/swap/chains`, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`GET /swap/chains answered ${response.status}`);
      return "the API answers";
    });
  }
  return checks;
}

async function checkChain(
  name: ChainName, deployment: NonNullable<ReturnType<typeof parseChainConfig>[ChainName]>, minBalance: bigint,
  check: (name: string, work: () => Promise<string>) => Promise<void>,
) {
  const client = createChainClient({ chain: name, deployment, timeoutMs: 5_000 }) as PublicClient;
  const hasCode = async (address: Address | undefined | null, what: string) => {
    if (!address) throw new Error(`${what} is not configured`);
    const code = await client.getCode({ address });
    if (!code || code === "0x") throw new Error(`${what} ${getAddress(address)} has no code`);
  };
  let rpcOk = false;
  await check(`${name} rpc`, async () => {
    const id = await client.getChainId();
    if (id !== chains[name].id) throw new Error(`the RPC serves chain id ${id}, not ${chains[name].id}`);
    rpcOk = true;
    return `chain id ${id}`;
  });
  if (!rpcOk) return;
  await check(`${name} contracts`, async () => {
    await hasCode(PERMIT2_ADDRESS, "Permit2");
    await hasCode(MULTICALL3_ADDRESS, "Multicall3");
    await hasCode(deployment.uniswapV2Factory, "the Uniswap V2 factory");
    await hasCode(deployment.uniswapV3Factory, "the Uniswap V3 factory");
    return "Permit2, Multicall3 and both factories have code";
  });
  if (!deployment.executor) {
    await check(`${name} executor`, async () => "not deployed: gasless swaps are off on this chain");
    return;
  }
  const executor = deployment.executor;
  await check(`${name} executor`, async () => {
    await hasCode(executor, "the executor");
    // No immutables: the code on chain is the committed artifact's runtime byte for byte, or it is not our executor.
    const code = await client.getCode({ address: executor });
    if (code?.toLowerCase() !== executorArtifact.deployedBytecode.toLowerCase()) {
      throw new Error("the code at the executor address is not the committed SluiceExecutor artifact (redeploy with `pnpm admin deploy-executor`)");
    }
    const read = (functionName: "permit2" | "v2Factory" | "v3Factory") => client.readContract({ address: executor, abi: executorAbi, functionName });
    const [permit2, v2, v3] = await Promise.all([read("permit2"), read("v2Factory"), read("v3Factory")]);
    if (!isAddressEqual(permit2, PERMIT2_ADDRESS)) throw new Error(`the executor spends through ${permit2}, not Permit2`);
    for (const [actual, configured, label] of [[v2, deployment.uniswapV2Factory, "V2"], [v3, deployment.uniswapV3Factory, "V3"]] as const) {
      if (configured && !isAddressEqual(actual, configured)) throw new Error(`the executor authenticates ${label} pools of ${actual}, not of the configured ${configured}`);
    }
    return `${getAddress(executor)}: the committed artifact, Permit2 and the configured factories`;
  });
  for (const relayer of deployment.relayers) {
    await check(`${name} relayer ${getAddress(relayer)}`, async () => {
      const [allowed, balance] = await Promise.all([
        client.readContract({ address: executor, abi: executorAbi, functionName: "isRelayer", args: [relayer] }),
        client.getBalance({ address: relayer }),
      ]);
      if (!allowed) throw new Error("not allowed on the executor (setRelayer)");
      if (balance < minBalance) throw new Error(`balance ${formatEther(balance)} is below ${formatEther(minBalance)}`);
      return `allowed, balance ${formatEther(balance)}`;
    });
  }
}
