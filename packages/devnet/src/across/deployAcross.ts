/**
 * Installs Across on one devnet chain: the chain's own SpokePool implementation (Across' published artifact) behind
 * an ERC1967Proxy at the canonical SpokePool address, initialised like the protocol's deployment scripts do; the
 * MulticallHandler at its canonical address; and a funded relayer with standing approvals to the SpokePool.
 */
import { decodeAbiParameters, encodeDeployData, encodeFunctionData, parseAbi, erc20Abi, maxUint256, pad, parseEther, toHex, zeroAddress, type Address, type Hex } from "viem";
import { ACROSS_MULTICALL_HANDLER, chains, type ChainName } from "@sluice/core";
import { contractBuilds } from "../contracts/artifacts.js";
import type { ManifestChain } from "../manifest/manifestTypes.js";
import { acrossBuild } from "./acrossArtifacts.js";
import { installAdminMessengers } from "./acrossAdmin.js";
import {
  DEPOSIT_QUOTE_TIME_BUFFER, DEVNET_ACROSS_RELAYER, DEVNET_HUB_POOL, FILL_DEADLINE_BUFFER, spokePoolImplementation,
} from "./acrossDevnetRoles.js";
import { rpcCall, sendAndWait, sendForReceipt } from "./devnetRpc.js";

/** ERC-1967's implementation slot: `bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)`. */
export const ERC1967_IMPLEMENTATION_SLOT: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

/** Whole units of every token the relayer holds on every chain. */
const relayerTokenUnits = 1_000_000_000n;
const relayerWrappedNative = parseEther("1000000");

export type DeployAcrossParameters = {
  rpcUrl: string;
  chain: ChainName;
  /** The chain as seeded (tokens, wrapped native). */
  manifestChain: ManifestChain;
  /** The devnet deployer: the DevnetTokens' minter (an unlocked anvil account). */
  deployer: Address;
};

export type AcrossDeployment = { spokePool: Address; implementation: Address; multicallHandler: Address; relayer: Address };

export async function deployAcross({ rpcUrl, chain, manifestChain, deployer }: DeployAcrossParameters): Promise<AcrossDeployment> {
  const spokePool = chains[chain].spokePool;
  await installAdminMessengers(rpcUrl, chain);
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [DEVNET_HUB_POOL]);
  await rpcCall(rpcUrl, "anvil_setBalance", [DEVNET_HUB_POOL, toHex(parseEther("1000000"))]);

  // 1. The chain-specific implementation, deployed by an ordinary transaction (its constructor sets immutables).
  const implementationName = spokePoolImplementation[chain];
  const implementationBuild = acrossBuild(implementationName);
  const deployed = await sendForReceipt(rpcUrl, {
    from: DEVNET_HUB_POOL,
    data: encodeDeployData({ abi: implementationBuild.abi, bytecode: implementationBuild.bytecode, args: constructorArgs(chain, manifestChain.weth) }),
  });
  const implementation = deployed.contractAddress!;

  // 2. The proxy's runtime code at the canonical address, pointing at the implementation; then the initializer.
  const proxy = acrossBuild("ERC1967Proxy");
  const proxyRuntime = await rpcCall<Hex>(rpcUrl, "eth_call", [{
    from: DEVNET_HUB_POOL, data: encodeDeployData({ abi: proxy.abi, bytecode: proxy.bytecode, args: [implementation, "0x"] }),
  }, "latest"]);
  await rpcCall(rpcUrl, "anvil_setCode", [spokePool, proxyRuntime]);
  await rpcCall(rpcUrl, "anvil_setStorageAt", [spokePool, ERC1967_IMPLEMENTATION_SLOT, pad(implementation, { size: 32 })]);
  await sendAndWait(rpcUrl, {
    from: DEVNET_HUB_POOL, to: spokePool,
    data: encodeFunctionData({ abi: implementationBuild.abi, functionName: "initialize", args: initializerArgs(chain) }),
  });

  // 3. The MulticallHandler (no constructor state) at its canonical address.
  const handler = acrossBuild("MulticallHandler");
  const handlerRuntime = await rpcCall<Hex>(rpcUrl, "eth_call", [{ from: DEVNET_HUB_POOL, data: handler.bytecode }, "latest"]);
  await rpcCall(rpcUrl, "anvil_setCode", [ACROSS_MULTICALL_HANDLER, handlerRuntime]);
  await rpcCall(rpcUrl, "anvil_stopImpersonatingAccount", [DEVNET_HUB_POOL]);

  await fundRelayer(rpcUrl, chain, spokePool, manifestChain, deployer);
  return { spokePool, implementation, multicallHandler: ACROSS_MULTICALL_HANDLER, relayer: DEVNET_ACROSS_RELAYER };
}

function constructorArgs(chain: ChainName, wrappedNative: Address): unknown[] {
  const common = [wrappedNative, DEPOSIT_QUOTE_TIME_BUFFER, FILL_DEADLINE_BUFFER];
  // No CCTP, no OFT and no V5 gateway on the devnet: Across' constructors take the zero address to disable them.
  if (chain === "ethereum") return [...common, zeroAddress];
  if (chain === "base") return [...common, zeroAddress, zeroAddress, zeroAddress];
  return [...common, zeroAddress, zeroAddress, 0, 0n, zeroAddress];
}

function initializerArgs(chain: ChainName): readonly unknown[] {
  const initialDepositId = 0;
  // Token bridges and gateway routers are never used on the devnet (no root bundle returns funds to L1).
  if (chain === "ethereum") return [initialDepositId, DEVNET_HUB_POOL];
  if (chain === "base") return [initialDepositId, DEVNET_HUB_POOL, DEVNET_HUB_POOL];
  if (chain === "arbitrum") return [initialDepositId, DEVNET_HUB_POOL, DEVNET_HUB_POOL, DEVNET_HUB_POOL];
  return [initialDepositId, DEVNET_HUB_POOL, DEVNET_HUB_POOL, DEVNET_HUB_POOL, DEVNET_HUB_POOL];
}

/** Native coin, every curated token and a standing approval to the SpokePool for each, so fills never wait on setup. */
async function fundRelayer(rpcUrl: string, name: ChainName, spokePool: Address, chain: ManifestChain, deployer: Address) {
  const relayer = DEVNET_ACROSS_RELAYER;
  await rpcCall(rpcUrl, "anvil_setBalance", [relayer, toHex(relayerWrappedNative * 2n)]);
  const bridgeable = new Set(chains[name].curatedTokens.map((t) => t.address.toLowerCase()));
  const erc20s = chain.tokens.filter((t) => bridgeable.has(t.address.toLowerCase()) && t.address.toLowerCase() !== chain.weth.toLowerCase());
  const devnetToken = contractBuilds().devnetToken;
  for (const token of erc20s) {
    // Whoever holds the token's minter role mints (impersonated: the role moves between the seeder and the deployer).
    const minter = decodeAbiParameters([{ type: "address" }], await rpcCall<Hex>(rpcUrl, "eth_call", [{
      to: token.address, data: encodeFunctionData({ abi: parseAbi(["function minter() view returns (address)"]), functionName: "minter" }),
    }, "latest"]))[0];
    await rpcCall(rpcUrl, "anvil_impersonateAccount", [minter]);
    await rpcCall(rpcUrl, "anvil_setBalance", [minter, toHex(parseEther("100000"))]);
    await sendAndWait(rpcUrl, {
      from: minter, to: token.address,
      data: encodeFunctionData({ abi: devnetToken.abi, functionName: "mintBatch", args: [[relayer], [relayerTokenUnits * 10n ** BigInt(token.decimals)]] }),
    });
    if (minter.toLowerCase() !== deployer.toLowerCase()) await rpcCall(rpcUrl, "anvil_stopImpersonatingAccount", [minter]);
  }
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [relayer]);
  await sendAndWait(rpcUrl, { from: relayer, to: chain.weth, data: "0xd0e30db0", value: relayerWrappedNative }); // WETH9 deposit()
  for (const token of [...erc20s.map((t) => t.address), chain.weth]) {
    await sendAndWait(rpcUrl, { from: relayer, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spokePool, maxUint256] }) });
  }
  await rpcCall(rpcUrl, "anvil_stopImpersonatingAccount", [relayer]);
}
