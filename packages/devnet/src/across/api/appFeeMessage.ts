/**
 * The MulticallHandler message Across builds when an app fee is charged: the deposit's recipient is the handler,
 * which transfers the fee to the app's fee recipient and drains the rest of the output token to the user.
 */
import { encodeAbiParameters, encodeFunctionData, erc20Abi, parseAbi, type Address, type Hex } from "viem";

export const multicallHandlerAbi = parseAbi([
  "function drainLeftoverTokens(address token, address destination)",
]);

export const instructionsParameters = [{
  type: "tuple", components: [
    { type: "tuple[]", name: "calls", components: [
      { type: "address", name: "target" }, { type: "bytes", name: "callData" }, { type: "uint256", name: "value" },
    ] },
    { type: "address", name: "fallbackRecipient" },
  ],
}] as const;

export type HandlerCall = { target: Address; callData: Hex; value: bigint };

export function encodeInstructions(calls: HandlerCall[], fallbackRecipient: Address): Hex {
  return encodeAbiParameters(instructionsParameters, [{ calls, fallbackRecipient }]);
}

export function feeTransferCall(token: Address, to: Address, amount: bigint): HandlerCall {
  return { target: token, callData: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }), value: 0n };
}

export function drainCall(handler: Address, token: Address, to: Address): HandlerCall {
  return { target: handler, callData: encodeFunctionData({ abi: multicallHandlerAbi, functionName: "drainLeftoverTokens", args: [token, to] }), value: 0n };
}
