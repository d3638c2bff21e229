/**
 * The MulticallHandler message Across' app API attaches to a bridge-only deposit with an app fee, as
 * across-protocol/frontend (bdcf46ce) `api/_dexes/utils.ts` builds it for an ERC20 output:
 * - exactInput (`buildExactInputBridgeTokenMessage`) and minOutput (`buildMinOutputBridgeTokenMessage`): the fee
 *   `transfer(appFeeRecipient, fee)` on the output token, `drainLeftoverTokens(outputToken, recipient)` (the
 *   transfer action), `drainLeftoverTokens(outputToken, recipient)` (the leftover drain);
 * - exactOutput (`buildExactOutputBridgeTokenMessage`): the fee transfer, `transfer(recipient, amount)` on the output
 *   token, `drainLeftoverTokens(outputToken, refundAddress ?? depositor)`.
 * The fallback recipient is the zero address with `refundOnOrigin=true` (`getAcrossFallbackRecipient`), else the
 * refund address or the depositor.
 */
import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbi, zeroAddress, type Address, type Hex } from "viem";

export const multicallInstructionsParameters = [{
  type: "tuple", components: [
    { type: "tuple[]", name: "calls", components: [
      { type: "address", name: "target" }, { type: "bytes", name: "callData" }, { type: "uint256", name: "value" },
    ] },
    { type: "address", name: "fallbackRecipient" },
  ],
}] as const;

const drainAbi = parseAbi(["function drainLeftoverTokens(address token, address destination)"]);

export type MulticallCall = { target: Address; callData: Hex; value: bigint };

export const transferCall = (token: Address, to: Address, amount: bigint): MulticallCall =>
  ({ target: token, callData: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }), value: 0n });

export const drainCall = (handler: Address, token: Address, to: Address): MulticallCall =>
  ({ target: handler, callData: encodeFunctionData({ abi: drainAbi, functionName: "drainLeftoverTokens", args: [token, to] }), value: 0n });

export function encodeMulticallInstructions(calls: MulticallCall[], fallbackRecipient: Address): Hex {
  return encodeAbiParameters(multicallInstructionsParameters, [{ calls, fallbackRecipient }]);
}

export function acrossHandlerCalls(params: {
  tradeType: "exactInput" | "minOutput" | "exactOutput";
  handler: Address;
  outputToken: Address;
  recipient: Address;
  depositor: Address;
  refundAddress?: Address;
  appFee: bigint;
  appFeeRecipient: Address;
  /** exactOutput: the requested amount. */
  amount: bigint;
}): MulticallCall[] {
  const { handler, outputToken, recipient } = params;
  const fee = transferCall(outputToken, params.appFeeRecipient, params.appFee);
  if (params.tradeType === "exactOutput") {
    return [fee, transferCall(outputToken, recipient, params.amount), drainCall(handler, outputToken, params.refundAddress ?? params.depositor)];
  }
  return [fee, drainCall(handler, outputToken, recipient), drainCall(handler, outputToken, recipient)];
}

export function acrossFallbackRecipient(refundOnOrigin: boolean, refundAddress: Address | undefined, depositor: Address): Address {
  return refundOnOrigin ? zeroAddress : refundAddress ?? depositor;
}
