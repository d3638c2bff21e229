/**
 * Decodes the message of a deposit whose recipient is Across' MulticallHandler: `Instructions { Call[] calls;
 * address fallbackRecipient }` with `Call { address target; bytes callData; uint256 value }`, and each call into the
 * two forms Sluice accepts — an ERC20 `transfer(to, amount)` and the handler's `drainLeftoverTokens(token, to)`.
 */
import { decodeAbiParameters, decodeFunctionData, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address, type Hex } from "viem";
import { multicallInstructionsParameters } from "../across/acrossHandlerMessage.js";
import { CalldataError } from "./decodeDepositCalldata.js";

const instructionsParameters = multicallInstructionsParameters;

const handlerAbi = parseAbi(["function drainLeftoverTokens(address token, address destination)"]);

export type HandlerCall =
  | { kind: "transfer"; target: Address; to: Address; amount: bigint; value: bigint }
  | { kind: "drain"; target: Address; token: Address; to: Address; value: bigint }
  | { kind: "other"; target: Address; value: bigint };

export type HandlerInstructions = { calls: HandlerCall[]; fallbackRecipient: Address };

export function decodeHandlerMessage(message: Hex): HandlerInstructions {
  let decoded;
  try {
    [decoded] = decodeAbiParameters(instructionsParameters, message);
  } catch {
    throw new CalldataError("the handler message is not MulticallHandler instructions");
  }
  if (encodeAbiParameters(instructionsParameters, [decoded]).toLowerCase() !== message.toLowerCase()) {
    throw new CalldataError("the handler message is not canonically encoded");
  }
  return {
    fallbackRecipient: getAddress(decoded.fallbackRecipient),
    calls: decoded.calls.map((call) => decodeCall(getAddress(call.target), call.callData, call.value)),
  };
}

function decodeCall(target: Address, callData: Hex, value: bigint): HandlerCall {
  for (const [abi, kind] of [[erc20Abi, "transfer"], [handlerAbi, "drain"]] as const) {
    try {
      const decoded = decodeFunctionData({ abi, data: callData });
      if (encodeFunctionData({ abi, functionName: decoded.functionName, args: decoded.args } as never).toLowerCase() !== callData.toLowerCase()) continue;
      if (kind === "transfer" && decoded.functionName === "transfer") {
        const [to, amount] = decoded.args as readonly [Address, bigint];
        return { kind, target, to: getAddress(to), amount, value };
      }
      if (kind === "drain" && decoded.functionName === "drainLeftoverTokens") {
        const [token, to] = decoded.args as readonly [Address, Address];
        return { kind, target, token: getAddress(token), to: getAddress(to), value };
      }
    } catch {
      // not this form
    }
  }
  return { kind: "other", target, value };
}
