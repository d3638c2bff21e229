import { parseArgs } from "node:util";
import { createWalletClient, http, isAddress, isHex, getAddress, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainNames, chains, createChainClient, isChainName, parseChainConfig, SluiceError, uniswapFactories, type ChainName } from "@sluice/core";
import {
  ensureExecutor, predictExecutorAddress, UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH, type EnsureExecutorReturnType,
} from "@sluice/contracts";

export type RunDeployExecutorParameters = {
  /** `--admin 0x… [--relayers 0x…,0x…] [--chains base,ethereum] [--salt 0x…]` */
  args: readonly string[];
  /** `EXECUTOR_DEPLOYER_KEY` (the deploying key; never taken from the command line) and `SLUICE_CHAINS`. */
  env: Record<string, string | undefined>;
};

export type RunDeployExecutorReturnType = {
  ok: boolean;
  /** The executor's address: the same on every chain for this deploying key and salt. */
  executor: Address;
  chains: ({ chain: ChainName } & EnsureExecutorReturnType)[];
};

const bad = (message: string) => new SluiceError("MALFORMED_REQUEST", message);

/**
 * `pnpm admin deploy-executor`: makes SluiceExecutor what the operator asks on every chain of `SLUICE_CHAINS` (or the
 * `--chains` named): deployed at the same address through the deterministic deployment proxy, its code equal to the
 * committed artifact, initialised with the chain's Uniswap factories (`SLUICE_CHAINS`, else Uniswap's own), the
 * relayers allowed (`--relayers`, else the chain's configured relayers), and the admin handed to `--admin`. Sends only
 * what is missing: a second run sends nothing. `ok` is false when any chain reports a problem.
 */
export async function runDeployExecutor({ args, env }: RunDeployExecutorParameters): Promise<RunDeployExecutorReturnType> {
  const { values } = parseArgs({
    args: [...args],
    options: { admin: { type: "string" }, relayers: { type: "string" }, chains: { type: "string" }, salt: { type: "string" } },
  });
  if (!values.admin || !isAddress(values.admin, { strict: false })) throw bad(`--admin: must be the executor's admin address (for example a multisig), got ${values.admin ?? "nothing"}`);
  const relayerList = values.relayers?.split(",").map((r) => r.trim()).filter(Boolean);
  for (const relayer of relayerList ?? []) if (!isAddress(relayer, { strict: false })) throw bad(`--relayers: ${relayer} is not an address`);
  if (values.salt !== undefined && !(isHex(values.salt) && values.salt.length === 66)) throw bad(`--salt: must be 32 bytes of hex, got ${values.salt}`);
  const key = env.EXECUTOR_DEPLOYER_KEY;
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key)) throw bad("EXECUTOR_DEPLOYER_KEY: must be set to the deploying key (0x and 64 hex digits)");
  let config;
  try {
    config = parseChainConfig(env.SLUICE_CHAINS);
  } catch (error) {
    throw bad(error instanceof Error ? error.message : String(error));
  }
  const requested = values.chains ? values.chains.split(",").map((c) => c.trim()) : chainNames.filter((n) => config[n]);
  for (const name of requested) {
    if (!isChainName(name)) throw bad(`--chains: ${name} is not one of ${chainNames.join(", ")}`);
    if (!config[name]) throw bad(`--chains: ${name} has no entry in SLUICE_CHAINS (its rpcUrl is needed)`);
  }
  if (requested.length === 0) throw bad("SLUICE_CHAINS: configures no chain");

  const account = privateKeyToAccount(key as Hex);
  const salt = values.salt as Hex | undefined;
  const results: RunDeployExecutorReturnType["chains"] = [];
  for (const name of requested as ChainName[]) {
    const deployment = config[name]!;
    const publicClient = createChainClient({ chain: name, deployment, timeoutMs: 60_000 });
    const chainId = await publicClient.getChainId();
    if (chainId !== chains[name].id) {
      results.push({ chain: name, address: predictExecutorAddress({ initialAdmin: account.address, salt }).address, transactions: [],
        problems: [`${deployment.rpcUrl} answers chain id ${chainId}, not ${name}'s ${chains[name].id}`] });
      continue;
    }
    const walletClient = createWalletClient({ account, chain: publicClient.chain, transport: http(deployment.rpcUrl, { timeout: 60_000 }) });
    const result = await ensureExecutor({
      publicClient, walletClient, admin: getAddress(values.admin), salt,
      relayers: (relayerList ?? deployment.relayers).map((r) => getAddress(r)),
      factories: {
        v2Factory: getAddress(deployment.uniswapV2Factory ?? uniswapFactories[name].v2), v2InitCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
        v3Factory: getAddress(deployment.uniswapV3Factory ?? uniswapFactories[name].v3), v3InitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      },
    });
    results.push({ chain: name, ...result });
  }
  return { ok: results.every((r) => r.problems.length === 0), executor: predictExecutorAddress({ initialAdmin: account.address, salt }).address, chains: results };
}
