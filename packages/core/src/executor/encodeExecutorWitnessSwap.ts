import { encodeFunctionData, type Address, type Hex } from "viem";
import type { SluiceSwapWitness } from "../permit/sluiceSwapWitness.js";
import type { SignedPermit } from "./encodeExecutorSwap.js";
import { encodeExecutorRoute } from "./encodeExecutorRoute.js";
import { executorAbi } from "./executorAbi.js";
import type { ExecutorRoute } from "./executorRoute.js";

export type EncodeExecutorWitnessSwapParameters = {
  permit: SignedPermit;
  /** The permit's signer, whose tokens are spent. */
  owner: Address;
  signature: Hex;
  route: ExecutorRoute;
  /** The service's own minimum on a fresh quote; the executor requires the larger of it and the signed one. */
  minAmountOut: bigint;
  /** What the owner signed they receive; the executor enforces it. */
  witness: SluiceSwapWitness;
};

/**
 * Calldata for `SluiceExecutor.swapWithWitness`: the route is Sluice's, the output token, the minimum and the
 * recipient are the user's signature's. Serves the gasless and the encode-only path alike.
 */
export function encodeExecutorWitnessSwap({ permit, owner, signature, route, minAmountOut, witness }: EncodeExecutorWitnessSwapParameters): Hex {
  const encodedRoute = encodeExecutorRoute(route, permit.permitted.token, permit.permitted.amount);
  return encodeFunctionData({ abi: executorAbi, functionName: "swapWithWitness", args: [permit, owner, signature, encodedRoute, minAmountOut, witness] });
}
