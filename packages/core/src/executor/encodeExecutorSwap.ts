import { encodeFunctionData, type Address, type Hex } from "viem";
import { executorAbi } from "./executorAbi.js";
import { encodeExecutorRoute } from "./encodeExecutorRoute.js";
import type { ExecutorRoute } from "./executorRoute.js";

/** The signed Permit2 `PermitTransferFrom` message, minus the spender (always the executor). Raw integers. */
export type SignedPermit = {
  permitted: { token: Address; amount: bigint };
  nonce: bigint;
  deadline: bigint;
};

export type ExecutorSwapArgs = {
  permit: SignedPermit;
  /** The permit's signer, whose tokens are spent. */
  owner: Address;
  signature: Hex;
  route: ExecutorRoute;
  /** The least output (raw units of the route's output token) the recipient must receive, or the swap reverts. */
  minAmountOut: bigint;
  /** Who receives the output. A relayer-submitted swap must pay the owner; only the owner may choose another. */
  recipient: Address;
};

/**
 * Calldata for `SluiceExecutor.swap`. The same bytes serve the gasless path (a relayer submits them) and the
 * encode-only path (the owner submits them and the service later matches their keccak256 on /confirm).
 */
export function encodeExecutorSwap(args: ExecutorSwapArgs): Hex {
  const { permit, owner, signature, route, minAmountOut, recipient } = args;
  const encodedRoute = encodeExecutorRoute(route, permit.permitted.token, permit.permitted.amount);
  return encodeFunctionData({
    abi: executorAbi,
    functionName: "swap",
    args: [permit, owner, signature, encodedRoute, minAmountOut, recipient],
  });
}
