/**
 * The SpokePool's relay hash of a deposit: `keccak256(abi.encode(relayData, chainId()))`, where `chainId()` is the
 * destination's (the chain that fills). The destination records a deposit's fill state under this hash
 * (`fillStatuses`), so it names one deposit with all its terms: recipient, output token and amount, exclusive relayer
 * and exclusivity deadline, fill deadline and message. A fill of any other terms is recorded under another hash.
 */
import { encodeAbiParameters, keccak256, type Hash, type Hex } from "viem";

/** The SpokePool's `V3RelayData`, field for field, as the origin's `FundsDeposited` event gives it. */
export type RelayData = {
  depositor: Hex;
  recipient: Hex;
  exclusiveRelayer: Hex;
  inputToken: Hex;
  outputToken: Hex;
  inputAmount: bigint;
  outputAmount: bigint;
  originChainId: bigint;
  depositId: bigint;
  fillDeadline: number;
  exclusivityDeadline: number;
  message: Hex;
};

export type RelayHashOfParameters = { relayData: RelayData; destinationChainId: number };

const relayDataParameters = [{
  type: "tuple", components: [
    { type: "bytes32", name: "depositor" }, { type: "bytes32", name: "recipient" }, { type: "bytes32", name: "exclusiveRelayer" },
    { type: "bytes32", name: "inputToken" }, { type: "bytes32", name: "outputToken" }, { type: "uint256", name: "inputAmount" },
    { type: "uint256", name: "outputAmount" }, { type: "uint256", name: "originChainId" }, { type: "uint256", name: "depositId" },
    { type: "uint32", name: "fillDeadline" }, { type: "uint32", name: "exclusivityDeadline" }, { type: "bytes", name: "message" },
  ],
}, { type: "uint256" }] as const;

export function relayHashOf({ relayData, destinationChainId }: RelayHashOfParameters): Hash {
  return keccak256(encodeAbiParameters(relayDataParameters, [relayData, BigInt(destinationChainId)]));
}
