/**
 * The encode-only transaction of a user-paid swap, checked before the wallet sends it: a call of Sluice's executor
 * with no value, whose calldata is exactly `swapWithWitness` of the user as owner with the permit, signature and
 * witness the user just signed. The route is Sluice's and is not checked here: the executor pays only pools of its
 * factories, and the recipient at least the signed minimum of the signed token, or reverts.
 */
import { decodeFunctionData, encodeFunctionData, isAddressEqual, isHex, type Address, type Hex } from "viem";
import { answeredAddress, answeredObject, answeredUint, fail, requireAddress } from "./answerChecks.js";
import { executorSwapWithWitnessAbi } from "./executorAbi.js";
import { chainIds, type ChainName, type SolvePermit, type SolveWitness } from "./types.js";
import type { TransactionRequest } from "./wallet.js";

export type SignedSwap = { permit: SolvePermit; signature: Hex; witness: SolveWitness };

export function verifyUserPaidTransaction(
  transaction: unknown, expected: { chain: ChainName; executor: Address; user: Address; signed: SignedSwap },
): TransactionRequest {
  const tx = answeredObject("transaction", transaction);
  if (tx.chain !== expected.chain) fail("transaction.chain", `"${expected.chain}"`, tx.chain);
  const to = requireAddress("transaction.to", tx.to, expected.executor, "Sluice's executor");
  const value = answeredUint("transaction.value", tx.value);
  if (value !== 0n) fail("transaction.value", "0 (a swap sends no native coin)", value);
  const data = tx.data;
  if (typeof data !== "string" || !isHex(data)) fail("transaction.data", "hex calldata", data);
  let call;
  try {
    call = decodeFunctionData({ abi: executorSwapWithWitnessAbi, data });
  } catch {
    fail("transaction.data", "a call of the executor's swapWithWitness", `selector ${data.slice(0, 10)}`);
  }
  if (encodeFunctionData({ abi: executorSwapWithWitnessAbi, functionName: "swapWithWitness", args: call.args }).toLowerCase() !== data.toLowerCase()) {
    fail("transaction.data", "exactly the encoding of swapWithWitness (no extra or altered bytes)", `${(data.length - 2) / 2} bytes`);
  }
  const [permit, owner, signature, , , witness] = call.args;
  const { signed } = expected;
  if (!isAddressEqual(owner, expected.user)) fail("transaction.data owner", `the user ${expected.user}`, owner);
  const same = (field: string, received: bigint | string, wanted: string, isAddress = false) => {
    const equal = isAddress ? isAddressEqual(received as Address, answeredAddress(field, wanted)) : String(received) === wanted;
    if (!equal) fail(`transaction.data ${field}`, `the signed ${wanted}`, received);
  };
  same("permit.permitted.token", permit.permitted.token, signed.permit.permitted.token, true);
  same("permit.permitted.amount", permit.permitted.amount, signed.permit.permitted.amount);
  same("permit.nonce", permit.nonce, signed.permit.nonce);
  same("permit.deadline", permit.deadline, signed.permit.deadline);
  if (signature.toLowerCase() !== signed.signature.toLowerCase()) fail("transaction.data signature", "the user's signature of the permit", signature);
  same("witness.tokenOut", witness.tokenOut, signed.witness.tokenOut, true);
  same("witness.minAmountOut", witness.minAmountOut, signed.witness.minAmountOut);
  same("witness.recipient", witness.recipient, signed.witness.recipient, true);
  return { chainId: chainIds[expected.chain], to, data, value: 0n };
}
