/**
 * Sends a cross-domain admin call (e.g. `relayRootBundle`) to a devnet SpokePool the way each chain's SpokePool
 * expects to receive it from the HubPool. DEVNET-ONLY: the bridge messengers are impersonated with anvil — on a
 * real network these calls arrive over the canonical L1→L2 bridges after the HubPool's root bundle is executed.
 *
 * - ethereum: the SpokePool's owner (the HubPool stand-in) calls it directly;
 * - arbitrum: the call comes from the HubPool's L1→L2 alias;
 * - base (OP stack): the call comes from the L2CrossDomainMessenger, whose `xDomainMessageSender()` is the HubPool
 *   (a three-instruction stand-in for the messenger is installed at its predeploy address);
 * - polygon: the FxChild (the HubPool stand-in itself on the devnet) calls `processMessageFromRoot`.
 */
import { concat, encodeFunctionData, pad, parseEther, toHex, type Address, type Hex } from "viem";
import type { ChainName } from "@sluice/core";
import { acrossBuild } from "./acrossArtifacts.js";
import { applyL1ToL2Alias, DEVNET_HUB_POOL, OP_CROSS_DOMAIN_MESSENGER, spokePoolImplementation } from "./acrossDevnetRoles.js";
import { rpcCall, sendAndWait } from "./devnetRpc.js";

/** Runtime code answering every call with the HubPool's address (PUSH20 hub, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN). */
const messengerStandIn: Hex = concat(["0x73", DEVNET_HUB_POOL, "0x60005260206000f3"]);

export async function installAdminMessengers(rpcUrl: string, chain: ChainName) {
  if (chain === "base") await rpcCall(rpcUrl, "anvil_setCode", [OP_CROSS_DOMAIN_MESSENGER, messengerStandIn]);
}

function adminSender(chain: ChainName): Address {
  if (chain === "arbitrum") return applyL1ToL2Alias(DEVNET_HUB_POOL);
  if (chain === "base") return OP_CROSS_DOMAIN_MESSENGER;
  return DEVNET_HUB_POOL;
}

/** Executes `data` (an admin function's calldata) on the SpokePool as its cross-domain admin; resolves with the receipt's hash. */
export async function sendAdminCall(rpcUrl: string, chain: ChainName, spokePool: Address, data: Hex): Promise<Hex> {
  const from = adminSender(chain);
  await rpcCall(rpcUrl, "anvil_impersonateAccount", [from]);
  await rpcCall(rpcUrl, "anvil_setBalance", [from, toHex(parseEther("1000"))]);
  const abi = acrossBuild(spokePoolImplementation.polygon).abi;
  const callData = chain === "polygon"
    ? encodeFunctionData({ abi, functionName: "processMessageFromRoot", args: [0n, DEVNET_HUB_POOL, data] })
    : data;
  return sendAndWait(rpcUrl, { from, to: spokePool, data: callData });
}

export const bytes32 = (address: Address): Hex => pad(address, { size: 32 });
