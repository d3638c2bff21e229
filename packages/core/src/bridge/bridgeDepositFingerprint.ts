/**
 * What identifies one quoted deposit, the same whether read from the deposit calldata `/bridge/quote` returned or from
 * the `FundsDeposited` event the origin SpokePool emitted for it: its parties, tokens, amounts, destination, quote
 * time, fill deadline and message. Across' message carries the payout instructions and the quote time is the quote's
 * own block time, so two quotes practically never share one. Read from the event, it holds however the deposit was
 * sent (an externally owned account or a contract wallet calling the SpokePool).
 */
import { encodeAbiParameters, keccak256, type Hex } from "viem";
import type { DecodedDeposit } from "./validation/decodeDepositCalldata.js";

/** The deposit's terms as the calldata decodes them (the event has the same ones), with its origin chain. */
export type BridgeDepositFingerprintParameters = Pick<DecodedDeposit,
  "depositor" | "recipient" | "inputToken" | "outputToken" | "inputAmount" | "outputAmount" | "quoteTimestamp" | "fillDeadline" | "message"
> & { originChainId: number; destinationChainId: bigint | number };

export function bridgeDepositFingerprint(p: BridgeDepositFingerprintParameters): Hex {
  return keccak256(encodeAbiParameters(
    [
      { type: "uint256" }, { type: "address" }, { type: "address" }, { type: "address" }, { type: "address" }, { type: "uint256" },
      { type: "uint256" }, { type: "uint256" }, { type: "uint32" }, { type: "uint32" }, { type: "bytes32" },
    ],
    [
      BigInt(p.originChainId), p.depositor, p.recipient, p.inputToken, p.outputToken, p.inputAmount, p.outputAmount,
      BigInt(p.destinationChainId), p.quoteTimestamp, p.fillDeadline, keccak256(p.message),
    ],
  ));
}
