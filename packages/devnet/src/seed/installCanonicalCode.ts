import { pad, stringToHex, toHex, type Address, type Hex } from "viem";
import { MULTICALL3_ADDRESS, PERMIT2_ADDRESS } from "@sluice/core";
import { DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_RUNTIME } from "@sluice/contracts";
import type { JsonRpc, RpcRequest } from "../rpc/jsonRpc.js";
import { contractBuilds } from "../contracts/artifacts.js";
import type { ResolvedToken } from "../scenario/resolvedTypes.js";

/** Solidity's storage encoding of a string of at most 31 bytes: the bytes left-aligned, length × 2 in the last byte. */
function shortStringSlot(value: string): Hex {
  const bytes = stringToHex(value).slice(2);
  if (bytes.length / 2 > 31) throw new Error(`"${value}" is too long for a short storage string`);
  return `0x${bytes.padEnd(62, "0")}${(bytes.length).toString(16).padStart(2, "0")}` as Hex;
}

/**
 * Installs the code that lives at fixed, well-known addresses: Permit2, Multicall3 and the deterministic deployment
 * proxy (official runtime code; the executor is deployed through the proxy as on a real chain), the
 * wrapped native token (WETH9's runtime code plus the three storage slots its constructor-less source initialises:
 * name, symbol, decimals) and every DevnetToken (initialised afterwards by a real transaction).
 */
export async function installCanonicalCode(rpc: JsonRpc, wrappedNative: ResolvedToken, erc20Tokens: readonly ResolvedToken[]) {
  const builds = contractBuilds();
  // Running creation code in eth_call returns the runtime code it would deploy, without touching state.
  const multicall3Runtime = await rpc.call<Hex>("eth_call", [{ data: builds.multicall3CreationCode }, "latest"]);
  const requests: RpcRequest[] = [
    { method: "anvil_setCode", params: [PERMIT2_ADDRESS, builds.permit2RuntimeCode] },
    { method: "anvil_setCode", params: [MULTICALL3_ADDRESS, multicall3Runtime] },
    { method: "anvil_setCode", params: [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_RUNTIME] },
    { method: "anvil_setCode", params: [wrappedNative.address, builds.weth9.deployedBytecode] },
    ...wethMetadataSlots(wrappedNative).map(([slot, value]) => ({ method: "anvil_setStorageAt", params: [wrappedNative.address, slot, value] })),
    ...erc20Tokens.map((token) => ({ method: "anvil_setCode", params: [token.address, tokenRuntimeCode(token)] })),
  ];
  await rpc.batch(requests);
}

/** A standard token is a DevnetToken; a non-standard one the contract of its kind (contracts/odd). */
function tokenRuntimeCode(token: ResolvedToken): Hex {
  const builds = contractBuilds();
  switch (token.behaviour) {
    case "fee-on-transfer": return builds.feeOnTransferToken.deployedBytecode;
    case "transfer-blocking": return builds.pausableToken.deployedBytecode;
    case "rebasing": return builds.rebasingToken.deployedBytecode;
    case "sell-blocking": case "sell-tax": case "live-sell-blocking": return builds.honeypotToken.deployedBytecode;
    default: return builds.devnetToken.deployedBytecode;
  }
}

function wethMetadataSlots(token: ResolvedToken): [Hex, Hex][] {
  return [
    [toHex(0, { size: 32 }), shortStringSlot(token.name)],
    [toHex(1, { size: 32 }), shortStringSlot(token.symbol)],
    [toHex(2, { size: 32 }), pad(toHex(token.decimals), { size: 32 })],
  ];
}

export async function setNativeBalances(rpc: JsonRpc, balances: readonly { address: Address; amount: bigint }[]) {
  await rpc.batch(balances.map(({ address, amount }) => ({ method: "anvil_setBalance", params: [address, toHex(amount)] })));
}
