/**
 * The message of a deposit to Across' MulticallHandler, decoded as core's `decodeHandlerMessage` does:
 * `Instructions { Call[] calls; address fallbackRecipient }` with `Call { address target; bytes callData; uint256
 * value }`, exactly its canonical encoding, each call one of the two forms Across' API builds — an ERC20
 * `transfer(to, amount)` and the handler's `drainLeftoverTokens(token, to)` — or `other`.
 */
import { decodeAbiParameters, decodeFunctionData, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, parseAbi, type Address, type Hex } from "viem";
import { fail } from "./answerChecks.js";

const instructionsParameters = [{
  type: "tuple", components: [
    { type: "tuple[]", name: "calls", components: [{ type: "address", name: "target" }, { type: "bytes", name: "callData" }, { type: "uint256", name: "value" }] },
    { type: "address", name: "fallbackRecipient" },
  ],
}] as const;
const handlerAbi = parseAbi(["function drainLeftoverTokens(address token, address destination)"]);

export type HandlerCall =
  | { kind: "transfer"; target: Address; to: Address; amount: bigint; value: bigint }
  | { kind: "drain"; target: Address; token: Address; to: Address; value: bigint }
  | { kind: "other"; target: Address; value: bigint };

export function decodeHandlerMessage(message: Hex): { calls: HandlerCall[]; fallbackRecipient: Address } {
  let decoded;
  try {
    [decoded] = decodeAbiParameters(instructionsParameters, message);
  } catch {
    fail("swapTx.data message", "Across' MulticallHandler instructions", message);
  }
  if (encodeAbiParameters(instructionsParameters, [decoded]).toLowerCase() !== message.toLowerCase()) {
    fail("swapTx.data message", "exactly the encoding of MulticallHandler instructions (no extra or altered bytes)", message);
  }
  return { fallbackRecipient: getAddress(decoded.fallbackRecipient), calls: decoded.calls.map((c) => decodeCall(getAddress(c.target), c.callData, c.value)) };
}

function decodeCall(target: Address, callData: Hex, value: bigint): HandlerCall {
  for (const abi of [erc20Abi, handlerAbi] as const) {
    try {
      const call = decodeFunctionData({ abi, data: callData });
      if (encodeFunctionData({ abi, functionName: call.functionName, args: call.args } as never).toLowerCase() !== callData.toLowerCase()) continue;
      if (call.functionName === "transfer") {
        const [to, amount] = call.args as readonly [Address, bigint];
        return { kind: "transfer", target, to: getAddress(to), amount, value };
      }
      if (call.functionName === "drainLeftoverTokens") {
        const [token, to] = call.args as readonly [Address, Address];
        return { kind: "drain", target, token: getAddress(token), to: getAddress(to), value };
      }
    } catch {
      // not this form
    }
  }
  return { kind: "other", target, value };
}
