/**
 * Refunds an expired deposit to its depositor on the origin chain through the protocol's own path: a relayer refund
 * root containing one leaf (the depositor, the input amount) is relayed to the origin SpokePool as a root bundle,
 * then the leaf is executed, and the SpokePool pays the depositor out of the escrowed deposit.
 * DEVNET-ONLY part: the root bundle is not proposed, disputed and relayed by the HubPool — it is delivered directly
 * by impersonating the chain's admin messenger (acrossAdmin.ts).
 */
import { decodeEventLog, encodeAbiParameters, encodeFunctionData, keccak256, zeroHash, type Hex } from "viem";
import { acrossBuild } from "../acrossArtifacts.js";
import { sendAdminCall } from "../acrossAdmin.js";
import { rpcCall } from "../devnetRpc.js";
import type { AcrossChain } from "./acrossNetwork.js";
import { bytes32ToAddress, type DepositRecord } from "./depositRecord.js";

const leafParameters = [{
  type: "tuple", components: [
    { type: "uint256", name: "amountToReturn" }, { type: "uint256", name: "chainId" }, { type: "uint256[]", name: "refundAmounts" },
    { type: "uint32", name: "leafId" }, { type: "address", name: "l2TokenAddress" }, { type: "address[]", name: "refundAddresses" },
  ],
}] as const;

export async function refundExpiredDeposit(origin: AcrossChain, deposit: DepositRecord): Promise<Hex> {
  const abi = acrossBuild("Ethereum_SpokePool").abi;
  const leaf = {
    amountToReturn: 0n, chainId: BigInt(origin.chainId), refundAmounts: [deposit.inputAmount], leafId: 0,
    l2TokenAddress: bytes32ToAddress(deposit.inputToken), refundAddresses: [bytes32ToAddress(deposit.depositor)],
  };
  const root = keccak256(encodeAbiParameters(leafParameters, [leaf]));
  const relayed = await sendAdminCall(origin.rpcUrl, origin.name, origin.spokePool,
    encodeFunctionData({ abi, functionName: "relayRootBundle", args: [root, zeroHash] }));
  const receipt = await rpcCall<{ logs: { address: string; data: Hex; topics: [Hex, ...Hex[]] }[] }>(origin.rpcUrl, "eth_getTransactionReceipt", [relayed]);
  let rootBundleId: number | undefined;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== origin.spokePool.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi, data: log.data, topics: log.topics });
      if (event.eventName === "RelayedRootBundle") rootBundleId = Number((event.args as unknown as { rootBundleId: number }).rootBundleId);
    } catch {
      // another event
    }
  }
  if (rootBundleId === undefined) throw new Error(`no RelayedRootBundle event in ${relayed}`);
  const hash = await origin.walletClient.writeContract({
    address: origin.spokePool, abi, functionName: "executeRelayerRefundLeaf", args: [rootBundleId, leaf, []],
  });
  const executed = await origin.publicClient.waitForTransactionReceipt({ hash });
  if (executed.status !== "success") throw new Error(`refund leaf execution ${hash} reverted`);
  return hash;
}
