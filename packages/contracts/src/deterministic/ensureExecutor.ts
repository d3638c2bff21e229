import { concat, getAddress, isAddressEqual, zeroAddress, type Account, type Address, type Chain, type Hex, type PublicClient, type Transport, type WalletClient } from "viem";
import { executorAbi } from "@sluice/core";
import { executorArtifact } from "../executorArtifact.js";
import { DETERMINISTIC_DEPLOYER } from "./deterministicDeployer.js";
import { predictExecutorAddress } from "./predictExecutorAddress.js";

/** The Uniswap factories whose pools the executor pays, with their pools' init code hashes (per chain). */
export type ExecutorFactories = { v2Factory: Address; v2InitCodeHash: Hex; v3Factory: Address; v3InitCodeHash: Hex };

export type EnsureExecutorParameters = {
  publicClient: PublicClient;
  /** The deploying key: the executor's first admin, which initialises it and then hands the admin over. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Who administers the executor in the end (for example a multisig); may be the deploying key itself. */
  admin: Address;
  /** Accounts that must be allowed to submit gasless swaps. */
  relayers: readonly Address[];
  factories: ExecutorFactories;
  salt?: Hex;
};

export type EnsureExecutorReturnType = {
  address: Address;
  /** The transactions sent, in order (none when everything already matched). */
  transactions: { action: string; hash: Hex }[];
  /** What is wrong and could not be put right with this key; empty when the executor is as asked. */
  problems: string[];
};

/**
 * Makes the executor on one chain what the operator asked for, sending only what is missing: deploys it through the
 * deterministic deployment proxy where there is no code, checks the code equals the committed artifact, initialises
 * its factories and relayers, allows missing relayers, and hands the admin over last. Re-running it sends nothing.
 * Whatever needs the admin once the admin has been handed over is reported (with the call to make), not attempted.
 */
export async function ensureExecutor(p: EnsureExecutorParameters): Promise<EnsureExecutorReturnType> {
  const { publicClient, walletClient } = p;
  const signer = walletClient.account.address;
  const { address, initCode, salt } = predictExecutorAddress({ initialAdmin: signer, salt: p.salt });
  const transactions: EnsureExecutorReturnType["transactions"] = [];
  const problems: string[] = [];
  const done = () => ({ address, transactions, problems });
  const send = async (action: string, hash: Promise<Hex>) => {
    const sent = await hash;
    const receipt = await publicClient.waitForTransactionReceipt({ hash: sent });
    if (receipt.status !== "success") throw new Error(`${action}: transaction ${sent} reverted`);
    transactions.push({ action, hash: sent });
  };

  let code = await publicClient.getCode({ address });
  if (!code || code === "0x") {
    const proxyCode = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER });
    if (!proxyCode || proxyCode === "0x") {
      problems.push(`no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER} on this chain`);
      return done();
    }
    await send("deploy", walletClient.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]), account: walletClient.account, chain: walletClient.chain }));
    code = await publicClient.getCode({ address });
  }
  if (code?.toLowerCase() !== executorArtifact.deployedBytecode.toLowerCase()) {
    problems.push(`the code at ${address} is not the committed SluiceExecutor artifact (${((code?.length ?? 2) - 2) / 2} bytes)`);
    return done();
  }

  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    publicClient.readContract({ address, abi: executorAbi, functionName, args } as never) as Promise<T>;
  const write = (action: string, functionName: string, args: readonly unknown[]) =>
    send(action, walletClient.writeContract({ address, abi: executorAbi, functionName, args, account: walletClient.account, chain: walletClient.chain } as never));
  const currentAdmin = await read<Address>("admin");
  const signerIsAdmin = isAddressEqual(currentAdmin, signer);
  const needsAdmin = (what: string) => problems.push(`${what}: only the admin ${getAddress(currentAdmin)} can do it`);

  const [v2Factory, v2InitCodeHash, v3Factory, v3InitCodeHash] = await Promise.all([
    read<Address>("v2Factory"), read<Hex>("v2InitCodeHash"), read<Address>("v3Factory"), read<Hex>("v3InitCodeHash"),
  ]);
  let initialisedRelayers: readonly Address[] = [];
  if (isAddressEqual(v2Factory, zeroAddress)) {
    if (signerIsAdmin) {
      await write("initialize", "initialize", [p.factories, p.relayers]);
      initialisedRelayers = p.relayers;
    } else needsAdmin(`initialize(${JSON.stringify(p.factories)}, [${p.relayers.join(", ")}])`);
  } else {
    const actual = { v2Factory, v2InitCodeHash, v3Factory, v3InitCodeHash };
    for (const key of Object.keys(actual) as (keyof ExecutorFactories)[]) {
      if (actual[key].toLowerCase() !== p.factories[key].toLowerCase()) {
        problems.push(`the executor was initialised with ${key} ${actual[key]}, not ${p.factories[key]} (it cannot change; deploy with another salt)`);
      }
    }
  }

  for (const relayer of p.relayers.filter((r) => !initialisedRelayers.includes(r))) {
    if (await read<boolean>("isRelayer", [relayer])) continue;
    if (signerIsAdmin) await write(`allow relayer ${relayer}`, "setRelayer", [relayer, true]);
    else needsAdmin(`setRelayer(${relayer}, true)`);
  }

  if (!isAddressEqual(currentAdmin, p.admin)) {
    if (signerIsAdmin) await write(`hand the admin to ${p.admin}`, "transferAdmin", [p.admin]);
    else problems.push(`the admin is ${getAddress(currentAdmin)}, not ${getAddress(p.admin)}: only the current admin can transferAdmin`);
  }
  return done();
}
