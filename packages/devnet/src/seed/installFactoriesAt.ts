import { decodeFunctionResult, encodeAbiParameters, encodeDeployData, encodeFunctionData, getContractAddress, isAddressEqual, keccak256, pad, toHex, type Address, type Hex } from "viem";
import type { JsonRpc } from "../rpc/jsonRpc.js";
import { contractBuilds } from "../contracts/artifacts.js";
import type { FactoryAddresses } from "./deploymentLayout.js";

/** UniswapV3Factory's storage: `parameters` (UniswapV3PoolDeployer, slots 0–2), then `owner` and `feeAmountTickSpacing`. */
const v3OwnerSlot = 3n;
const v3TickSpacingSlot = 4n;
/** UniswapV2Factory's storage: `feeTo`, then `feeToSetter`. */
const v2FeeToSetterSlot = 1n;
/** The fee tiers UniswapV3Factory's constructor enables (the 0.01% tier is enabled by a set-up transaction). */
const v3Tiers = [[500, 10], [3000, 60], [10000, 200]] as const;

/**
 * Installs Uniswap's official V2 and V3 factories at given addresses (a real chain's), owned by `deployer`, as if
 * deployed there: each factory's runtime code (its creation code run in `eth_call`), with V3's one immutable — its own
 * address, which NoDelegateCall compares against — rewritten to the new address, and the storage their constructors
 * write. Pools they create then sit at the real chain's CREATE2 addresses for their tokens.
 */
export async function installFactoriesAt(rpc: JsonRpc, deployer: Address, factories: FactoryAddresses): Promise<void> {
  const builds = contractBuilds();
  const nonce = BigInt(await rpc.call<Hex>("eth_getTransactionCount", [deployer, "latest"]));
  const runtimeOf = (data: Hex) => rpc.call<Hex>("eth_call", [{ from: deployer, data, gas: toHex(30_000_000) }, "latest"]);
  const v2Runtime = await runtimeOf(encodeDeployData({ abi: builds.uniswapV2Factory.abi, bytecode: builds.uniswapV2Factory.bytecode, args: [deployer] }));
  const v3Runtime = await runtimeOf(builds.uniswapV3Factory.bytecode);
  const simulatedAt = pad(getContractAddress({ from: deployer, nonce })).slice(2).toLowerCase();
  if (!v3Runtime.toLowerCase().includes(simulatedAt)) throw new Error("UniswapV3Factory's runtime code does not carry its own address");
  const v3Relocated = v3Runtime.toLowerCase().replaceAll(simulatedAt, pad(factories.v3).slice(2).toLowerCase()) as Hex;

  const word = (value: bigint | Address) => pad(typeof value === "bigint" ? toHex(value) : value);
  const mappingSlot = (key: bigint, slot: bigint) => keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [key, slot]));
  await rpc.batch([
    { method: "anvil_setCode", params: [factories.v2, v2Runtime] },
    { method: "anvil_setStorageAt", params: [factories.v2, word(v2FeeToSetterSlot), word(deployer)] },
    { method: "anvil_setCode", params: [factories.v3, v3Relocated] },
    { method: "anvil_setStorageAt", params: [factories.v3, word(v3OwnerSlot), word(deployer)] },
    ...v3Tiers.map(([fee, spacing]) => ({ method: "anvil_setStorageAt", params: [factories.v3, mappingSlot(BigInt(fee), v3TickSpacingSlot), word(BigInt(spacing))] })),
  ]);

  // The storage layout is assumed above; the factories' own getters confirm it.
  const read = async (address: Address, abi: typeof builds.uniswapV3Factory.abi, functionName: string, args: unknown[] = []) =>
    decodeFunctionResult({ abi, functionName, data: await rpc.call<Hex>("eth_call", [{ to: address, data: encodeFunctionData({ abi, functionName, args } as never) }, "latest"]) } as never);
  const owner = await read(factories.v3, builds.uniswapV3Factory.abi, "owner") as Address;
  const spacing = await read(factories.v3, builds.uniswapV3Factory.abi, "feeAmountTickSpacing", [3000]) as number;
  const feeToSetter = await read(factories.v2, builds.uniswapV2Factory.abi, "feeToSetter") as Address;
  if (!isAddressEqual(owner, deployer) || Number(spacing) !== 60 || !isAddressEqual(feeToSetter, deployer)) {
    throw new Error(`the relocated factories do not read back as installed (owner ${owner}, 0.3% spacing ${spacing}, feeToSetter ${feeToSetter})`);
  }
}
