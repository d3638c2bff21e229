import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BaseError, concat, ContractFunctionRevertedError, createPublicClient, createWalletClient, http, zeroAddress, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { executorAbi } from "@sluice/core";
import { DETERMINISTIC_DEPLOYER, executorArtifact, predictExecutorAddress, UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH } from "@sluice/contracts";
import { startDevnet, type Devnet } from "@sluice/devnet";
import { poolInitCodeHashes } from "@sluice/devnet/seed/deploymentLayout";
import { devAccounts } from "@sluice/devnet/anvil/devAccounts";
import { testScenario } from "@sluice/devnet/testSupport/testScenario";
import { runDeployExecutor } from "./runDeployExecutor.js";

// The devnet without its executor: this command deploys it, as an operator would on a real chain.
let devnet: Devnet;
const accounts = devAccounts();
const deployer = accounts[5]!;
const multisig = accounts[6]!.address;
const relayers = [accounts[8]!.address, accounts[9]!.address];
const client = (chain: "base" | "ethereum") => createPublicClient({ transport: http(devnet.manifest.chains[chain].rpcUrl) }) as PublicClient;
const sluiceChains = () => JSON.stringify(Object.fromEntries((["base", "ethereum"] as const).map((name) => {
  const c = devnet.manifest.chains[name];
  return [name, { rpcUrl: c.rpcUrl, executor: null, uniswapV2Factory: c.uniswapV2Factory, uniswapV3Factory: c.uniswapV3Factory }];
})));
const deploy = (args: string[], key: Hex = deployer.privateKey) =>
  runDeployExecutor({ args, env: { EXECUTOR_DEPLOYER_KEY: key, SLUICE_CHAINS: sluiceChains() } });
const rpc = (chain: "base" | "ethereum", method: string, params: unknown[]) => client(chain).request({ method, params } as never);
const nonces = () => Promise.all((["base", "ethereum"] as const).map((c) => client(c).getTransactionCount({ address: deployer.address })));

beforeAll(async () => {
  devnet = await startDevnet({ scenario: testScenario, basePort: 0, deployExecutor: false });
}, 120_000);
afterAll(async () => { await devnet?.stop(); });

describe("pnpm admin deploy-executor", () => {
  it("uses Uniswap's real pool init code hashes, which the devnet's official builds produce", () => {
    expect(poolInitCodeHashes()).toEqual({ v2: UNISWAP_V2_PAIR_INIT_CODE_HASH, v3: UNISWAP_V3_POOL_INIT_CODE_HASH });
  });

  it("deploys at one address on every chain, initialises factories and relayers, hands the admin over; a re-run sends nothing", async () => {
    const first = await deploy(["--admin", multisig, "--relayers", relayers.join(",")]);
    expect(first.ok).toBe(true);
    const expected = predictExecutorAddress({ initialAdmin: deployer.address }).address;
    expect(first.executor).toBe(expected);
    for (const chain of first.chains) {
      expect(chain.address).toBe(expected);
      expect(chain.transactions.map((t) => t.action)).toEqual(["deploy", "initialize", `hand the admin to ${multisig}`]);
    }
    for (const name of ["base", "ethereum"] as const) {
      const c = client(name);
      const read = (functionName: string, args: unknown[] = []) => c.readContract({ address: expected, abi: executorAbi, functionName, args } as never);
      expect((await c.getCode({ address: expected }))?.toLowerCase()).toBe(executorArtifact.deployedBytecode.toLowerCase());
      expect(await read("admin")).toBe(multisig);
      expect(await read("v2Factory")).toBe(devnet.manifest.chains[name].uniswapV2Factory);
      expect(await read("v3Factory")).toBe(devnet.manifest.chains[name].uniswapV3Factory);
      for (const relayer of relayers) expect(await read("isRelayer", [relayer])).toBe(true);
      expect(await read("isRelayer", [deployer.address])).toBe(false);
    }

    const before = await nonces();
    const again = await deploy(["--admin", multisig, "--relayers", relayers.join(",")]);
    expect(again.ok).toBe(true);
    expect(again.chains.flatMap((c) => c.transactions)).toEqual([]);
    expect(await nonces()).toEqual(before);
  });

  it("reports, without sending anything, what only the handed-over admin can change", async () => {
    const before = await nonces();
    const extra = accounts[4]!.address;
    const result = await deploy(["--admin", multisig, "--relayers", [...relayers, extra].join(","), "--chains", "base"]);
    expect(result.ok).toBe(false);
    expect(result.chains[0]!.problems).toEqual([`setRelayer(${extra}, true): only the admin ${multisig} can do it`]);
    const otherAdmin = await deploy(["--admin", extra, "--chains", "base"]);
    expect(otherAdmin.chains[0]!.problems).toEqual([`the admin is ${multisig}, not ${extra}: only the current admin can transferAdmin`]);
    expect(await nonces()).toEqual(before);
  });

  it("reports code at the executor's address that is not the artifact, and a chain without the deployment proxy", async () => {
    const squatter = accounts[3]!;
    const address = predictExecutorAddress({ initialAdmin: squatter.address }).address;
    await rpc("base", "anvil_setCode", [address, "0x6080604052348015600f57600080fd5b50"]);
    const wrong = await deploy(["--admin", multisig, "--chains", "base"], squatter.privateKey);
    expect(wrong.ok).toBe(false);
    expect(wrong.chains[0]!.problems[0]).toMatch(new RegExp(`^the code at ${address} is not the committed SluiceExecutor artifact`));
    expect(wrong.chains[0]!.transactions).toEqual([]);

    await rpc("ethereum", "anvil_setCode", [DETERMINISTIC_DEPLOYER, "0x"]);
    const noProxy = await deploy(["--admin", multisig, "--chains", "ethereum"], squatter.privateKey);
    expect(noProxy.chains[0]!.problems).toEqual([`no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER} on this chain`]);
    expect(await client("ethereum").getTransactionCount({ address: squatter.address })).toBe(0);
  });

  it("an executor nobody initialised refuses every swap; initialize is the admin's, once", async () => {
    const admin = privateKeyToAccount(accounts[2]!.privateKey);
    const { address, initCode, salt } = predictExecutorAddress({ initialAdmin: admin.address });
    const base = client("base");
    const wallet = createWalletClient({ account: admin, transport: http(devnet.manifest.chains.base.rpcUrl) });
    await base.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]), chain: null }) });
    const errorOf = async (account: Hex, functionName: string, args: unknown[], at = address) => {
      try {
        await base.simulateContract({ address: at, abi: executorAbi, functionName, args, account } as never);
        return "none";
      } catch (error) {
        const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
        return reverted?.data?.errorName;
      }
    };
    const permit = { permitted: { token: devnet.manifest.chains.base.weth, amount: 1n }, nonce: 0n, deadline: 2n ** 40n };
    expect(await errorOf(admin.address, "swap", [permit, admin.address, "0x", "0x", 0n, admin.address])).toBe("NotInitialized");
    const c = devnet.manifest.chains.base;
    const factories = { v2Factory: c.uniswapV2Factory, v2InitCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH, v3Factory: c.uniswapV3Factory, v3InitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH };
    expect(await errorOf(accounts[4]!.address, "initialize", [factories, []])).toBe("NotAdmin");
    expect(await errorOf(admin.address, "initialize", [{ ...factories, v3Factory: zeroAddress }, []])).toBe("InvalidInitialization");
    expect(await errorOf(admin.address, "initialize", [factories, []])).toBe("none");
    // The executor the first test deployed is initialised: its admin cannot initialise it again.
    const deployed = predictExecutorAddress({ initialAdmin: deployer.address }).address;
    expect(await errorOf(multisig, "initialize", [factories, []], deployed)).toBe("InvalidInitialization");
  });

  it("a stranger replaying the deployment first only deploys the same executor, with the operator's key as admin", async () => {
    const operator = accounts[1]!;
    const stranger = createWalletClient({ account: privateKeyToAccount(accounts[4]!.privateKey), transport: http(devnet.manifest.chains.base.rpcUrl) });
    const { address, initCode, salt } = predictExecutorAddress({ initialAdmin: operator.address });
    const replay = await stranger.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]), chain: null });
    await client("base").waitForTransactionReceipt({ hash: replay });
    expect(await client("base").readContract({ address, abi: executorAbi, functionName: "admin" })).toBe(operator.address);
    // The stranger cannot initialise it with factories of its own choosing.
    const sneaky = await client("base").simulateContract({ address, abi: executorAbi, functionName: "initialize", account: stranger.account,
      args: [{ v2Factory: stranger.account.address, v2InitCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH, v3Factory: stranger.account.address, v3InitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH }, [stranger.account.address]] } as never)
      .then(() => "none", (error: BaseError) => (error.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null)?.data?.errorName);
    expect(sneaky).toBe("NotAdmin");
    const result = await deploy(["--admin", multisig, "--relayers", relayers.join(","), "--chains", "base"], operator.privateKey);
    expect(result).toMatchObject({ ok: true, executor: address });
    expect(result.chains[0]!.transactions.map((t) => t.action)).toEqual(["initialize", `hand the admin to ${multisig}`]);
  });

  it("refuses bad input with the field named, and takes the key only from the environment", async () => {
    await expect(deploy([])).rejects.toThrow(/^--admin: must be/);
    await expect(deploy(["--admin", multisig, "--relayers", "0x12"])).rejects.toThrow(/^--relayers: 0x12 is not an address/);
    await expect(deploy(["--admin", multisig, "--chains", "solana"])).rejects.toThrow(/^--chains: solana/);
    await expect(deploy(["--admin", multisig, "--key", deployer.privateKey])).rejects.toThrow(/Unknown option '--key'/);
    await expect(runDeployExecutor({ args: ["--admin", multisig], env: { SLUICE_CHAINS: sluiceChains() } })).rejects.toThrow(/^EXECUTOR_DEPLOYER_KEY/);
  });
});

