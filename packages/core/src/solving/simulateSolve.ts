import { SluiceError } from "../errors/SluiceError.js";
import { executorAbi } from "../executor/executorAbi.js";
import { permit2ErrorsAbi } from "../executor/permit2ErrorsAbi.js";
import { decodeFunctionResult, decodeErrorResult, type Address, type Hex, type PublicClient } from "viem";
import { findRevertData } from "../executor/findRevertData.js";

const errorsAbi = [...executorAbi, ...permit2ErrorsAbi];

export type SimulateSolveParameters = {
  from: Address;
  to: Address;
  data: Hex;
  withGas: boolean;
  /** The most gas the send may take (`gaslessGasCeiling`): an estimate above it is refused; when the estimate fails, the limit. */
  gasCeiling?: bigint;
};
/** What a simulated swap would do: the output it pays and the gas it needs (with headroom). */
export type SimulateSolveReturnType = { amountOut: bigint; gas: bigint };

/**
 * Runs the executor call with `eth_call` from the account that will send it (and estimates its gas alongside):
 * nothing is sent unless this succeeds. A revert becomes a clear refusal naming the contract's error.
 */
export async function simulateSolve(
  client: PublicClient, { from, to, data, withGas, gasCeiling }: SimulateSolveParameters,
): Promise<SimulateSolveReturnType> {
  const [call, gas] = await Promise.all([
    client.call({ account: from, to, data }).then((r) => ({ ok: true as const, data: r.data }), (error: unknown) => ({ ok: false as const, error })),
    withGas ? client.estimateGas({ account: from, to, data }).catch(() => undefined) : Promise.resolve(undefined),
  ]);
  if (!call.ok) throw refusal(call.error);
  if (!call.data) throw new SluiceError("SIMULATION_FAILED", "The swap simulation returned nothing; nothing was sent");
  // `swap` and `swapWithWitness` both return the output as one uint256.
  const amountOut = decodeFunctionResult({ abi: executorAbi, functionName: "swap", data: call.data }) as bigint;
  if (gas === undefined) return { amountOut, gas: gasCeiling ?? 1_500_000n };
  if (gasCeiling !== undefined && gas > gasCeiling) {
    throw new SluiceError("SIMULATION_FAILED",
      `The swap needs ${gas} gas, more than Sluice pays for a gasless swap of its route (${gasCeiling}); nothing was sent`,
      { hint: "a token on the route spends unusual gas: the user can submit the swap themselves (dryRun, then /confirm)" });
  }
  const withHeadroom = (gas * 125n) / 100n;
  return { amountOut, gas: gasCeiling !== undefined && withHeadroom > gasCeiling ? gasCeiling : withHeadroom };
}

function refusal(error: unknown): SluiceError {
  const revertData = findRevertData(error);
  if (revertData === undefined) {
    return new SluiceError("DEPENDENCY_DOWN", "The chain's RPC failed while simulating the swap; nothing was sent, retry shortly", { cause: error });
  }
  let name = "unknown";
  let args: readonly unknown[] = [];
  try {
    const decoded = decodeErrorResult({ abi: errorsAbi, data: revertData });
    name = decoded.errorName;
    args = decoded.args ?? [];
  } catch {
    // an undecodable revert (e.g. from a pool or token) keeps the generic message
  }
  const messages: Record<string, [code: "SIMULATION_FAILED" | "PERMIT_INVALID", text: string]> = {
    InsufficientOutput: ["SIMULATION_FAILED", `The route no longer meets the minimum output (it would pay ${String(args[0])}, the minimum is ${String(args[1])}); nothing was sent — request a fresh quote`],
    InvalidNonce: ["PERMIT_INVALID", "Permit nonce was already used; sign a new permit with an unused nonce"],
    SignatureExpired: ["PERMIT_INVALID", "Permit deadline has passed; sign a new permit"],
    InvalidSigner: ["PERMIT_INVALID", "Permit signature does not match the user, the chain or the executor"],
    InvalidSignature: ["PERMIT_INVALID", "Permit signature is not valid"],
    NotAuthorized: ["SIMULATION_FAILED", "The sender is not allowed to call the executor; nothing was sent"],
    InvalidRoute: ["SIMULATION_FAILED", "The route does not spend exactly the signed amount; nothing was sent — request a fresh quote"],
    IncompleteSwap: ["SIMULATION_FAILED", "A pool on the route can no longer take the whole amount; nothing was sent — request a fresh quote"],
    WitnessMismatch: ["PERMIT_INVALID", "The route's output token is not the one the permit's witness binds; nothing was sent"],
    InvalidRecipient: ["SIMULATION_FAILED", "The executor refused the recipient; nothing was sent"],
  };
  const reason = name === "Error" && typeof args[0] === "string" ? `: ${args[0]}` : "";
  const [code, text] = messages[name] ?? ["SIMULATION_FAILED", `The swap simulation reverted (${name}${reason}); nothing was sent`];
  return new SluiceError(code, text, { cause: error });
}
