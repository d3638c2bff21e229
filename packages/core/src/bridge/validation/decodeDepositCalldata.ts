/**
 * Decodes the calldata of a SpokePool deposit: `deposit` (0xad5425c6, bytes32 fields) or the legacy `depositV3`
 * (0x7b939232, address fields), after stripping the suffix the Across API appends (`0x1dc0de` + 2-byte integrator
 * id, and the `0x73c0de` marker). The remaining bytes must be exactly the canonical ABI encoding of the call, so
 * nothing can hide in trailing bytes or non-canonical words.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from "viem";

export const spokePoolDepositAbi = parseAbi([
  "function deposit(bytes32 depositor, bytes32 recipient, bytes32 inputToken, bytes32 outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, bytes32 exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
  "function depositV3(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityParameter, bytes message) payable",
]);

export type DecodedDeposit = {
  entryPoint: "deposit" | "depositV3";
  integratorId?: Hex;
  depositor: Address;
  recipient: Address;
  inputToken: Address;
  outputToken: Address;
  inputAmount: bigint;
  outputAmount: bigint;
  destinationChainId: bigint;
  exclusiveRelayer: Address;
  quoteTimestamp: number;
  fillDeadline: number;
  exclusivityParameter: number;
  message: Hex;
};

export class CalldataError extends Error {}

/** Removes `0x73c0de` and then `0x1dc0de` + 2-byte id from the end of the calldata, when present. */
export function stripIntegratorSuffix(data: Hex): { calldata: Hex; integratorId?: Hex } {
  let body = data.toLowerCase().slice(2);
  if (body.endsWith("73c0de")) body = body.slice(0, -6);
  let integratorId: Hex | undefined;
  if (body.length >= 14 && body.slice(-10, -4) === "1dc0de") {
    integratorId = `0x${body.slice(-4)}`;
    body = body.slice(0, -10);
  }
  return { calldata: `0x${body}`, integratorId };
}

/** A bytes32 that must hold an EVM address (upper 12 bytes zero). */
function bytes32Address(value: Hex, field: string): Address {
  if (!/^0x0{24}[0-9a-f]{40}$/i.test(value)) throw new CalldataError(`${field} is not an EVM address`);
  return getAddress(`0x${value.slice(-40)}`);
}

export function decodeDepositCalldata(data: Hex): DecodedDeposit {
  const { calldata, integratorId } = stripIntegratorSuffix(data);
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: spokePoolDepositAbi, data: calldata });
  } catch {
    throw new CalldataError(`the calldata is not a SpokePool deposit (selector ${calldata.slice(0, 10)})`);
  }
  if (encodeFunctionData({ abi: spokePoolDepositAbi, functionName: decoded.functionName, args: decoded.args as never }).toLowerCase() !== calldata) {
    throw new CalldataError("the deposit calldata is not canonically encoded (extra or altered bytes)");
  }
  const [depositor, recipient, inputToken, outputToken, inputAmount, outputAmount, destinationChainId, exclusiveRelayer,
    quoteTimestamp, fillDeadline, exclusivityParameter, message] = decoded.args;
  const asAddress = decoded.functionName === "deposit"
    ? (value: string, field: string) => bytes32Address(value as Hex, field)
    : (value: string) => getAddress(value);
  return {
    entryPoint: decoded.functionName,
    integratorId,
    depositor: asAddress(depositor, "depositor"),
    recipient: asAddress(recipient, "recipient"),
    inputToken: asAddress(inputToken, "inputToken"),
    outputToken: asAddress(outputToken, "outputToken"),
    inputAmount, outputAmount, destinationChainId,
    exclusiveRelayer: asAddress(exclusiveRelayer, "exclusiveRelayer"),
    quoteTimestamp, fillDeadline, exclusivityParameter, message,
  };
}
