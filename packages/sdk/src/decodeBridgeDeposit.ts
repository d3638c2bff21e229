/**
 * A SpokePool deposit's calldata (after Across' integrator suffix), decoded: exactly its canonical encoding, every
 * term of the relay the wallet would sign, bytes32 addresses with clean upper bytes (EVM addresses only).
 */
import { decodeFunctionData, encodeFunctionData, getAddress, isHex, parseAbi, type Address, type Hex } from "viem";
import { fail } from "./answerChecks.js";

const spokePoolDepositAbi = parseAbi([
  "function deposit(bytes32 depositor, bytes32 recipient, bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
  "function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
]);

export type BridgeDepositTerms = {
  depositor: Address; recipient: Address; inputToken: Address; outputToken: Address;
  inputAmount: bigint; outputAmount: bigint; destinationChainId: bigint; exclusiveRelayer: Address;
  quoteTimestamp: number; fillDeadline: number; exclusivityParameter: number; message: Hex;
};

export function decodeBridgeDeposit(data: unknown): BridgeDepositTerms {
  if (typeof data !== "string" || !isHex(data)) fail("swapTx.data", "hex calldata", data);
  let body = data.toLowerCase().slice(2);
  if (body.endsWith("73c0de")) body = body.slice(0, -6);
  if (body.length >= 14 && body.slice(-10, -4) === "1dc0de") body = body.slice(0, -10);
  const calldata: Hex = `0x${body}`;
  let call;
  try {
    call = decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata });
  } catch {
    fail("swapTx.data", "a SpokePool deposit", `selector ${calldata.slice(0, 10)}`);
  }
  if (encodeFunctionData({ abi: spokePoolDepositAbi, functionName: call.functionName, args: call.args as never }).toLowerCase() !== calldata) {
    fail("swapTx.data", "exactly the encoding of a SpokePool deposit (no extra or altered bytes)", `${body.length / 2} bytes`);
  }
  const [depositor, recipient, inputToken, outputToken, inputAmount, outputAmount, destinationChainId, exclusiveRelayer, quoteTimestamp, fillDeadline, exclusivityParameter, message] = call.args;
  const address = (value: string, field: string): Address => {
    if (call.functionName === "depositV3") return getAddress(value);
    if (!/^0x0{24}[0-9a-f]{40}$/i.test(value)) fail(`swapTx.data ${field}`, "an EVM address", value);
    return getAddress(`0x${value.slice(-40)}`);
  };
  return {
    depositor: address(depositor, "depositor"), recipient: address(recipient, "recipient"),
    inputToken: address(inputToken, "inputToken"), outputToken: address(outputToken, "outputToken"),
    inputAmount, outputAmount, destinationChainId, exclusiveRelayer: address(exclusiveRelayer, "exclusiveRelayer"),
    quoteTimestamp, fillDeadline, exclusivityParameter, message,
  };
}
