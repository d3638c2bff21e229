/**
 * Drives the executor the way Sluice does: the user signs a Permit2 permit for the executor, the service encodes
 * `swap`, and a relayer (or the user) submits it. Also decodes reverts into the contract's named errors.
 */
import {
  BaseError,
  decodeErrorResult,
  decodeFunctionResult,
  erc20Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type Transport,
  type WalletClient,
} from "viem";
import { encodeExecutorSwap, executorAbi, permit2ErrorsAbi, type ExecutorRoute, type SignedPermit } from "@sluice/core";
import type { ExecutorTestbed } from "./startExecutorTestbed.js";
import { randomNonce, signPermit } from "./signPermit.js";

type Wallet = WalletClient<Transport, Chain, Account>;

export type SwapRequest = {
  route: ExecutorRoute;
  minAmountOut?: bigint;
  /** Who submits the transaction; the relayer unless said otherwise. */
  sender?: Wallet;
  recipient?: Address;
  /** Seconds from the latest block; negative for an already expired permit. */
  deadlineIn?: bigint;
  /** Reuse an earlier permit and signature (to replay it). */
  signed?: { permit: SignedPermit; signature: Hex };
};

export type PreparedSwap = {
  permit: SignedPermit;
  signature: Hex;
  data: Hex;
  sender: Wallet;
  recipient: Address;
  tokenIn: Address;
  tokenOut: Address;
};

export function routeTokens(route: ExecutorRoute): { tokenIn: Address; tokenOut: Address; amountIn: bigint } {
  const first = route.splits[0]!;
  return {
    tokenIn: first.hops[0]!.tokenIn,
    tokenOut: first.hops.at(-1)!.tokenOut,
    amountIn: route.splits.reduce((sum, split) => sum + split.amountIn, 0n),
  };
}

export async function prepareSwap(bed: ExecutorTestbed, request: SwapRequest): Promise<PreparedSwap> {
  const { tokenIn, tokenOut, amountIn } = routeTokens(request.route);
  const sender = request.sender ?? bed.relayer;
  const recipient = request.recipient ?? bed.user.account.address;
  let signed = request.signed;
  if (!signed) {
    const { timestamp } = await bed.publicClient.getBlock();
    const permit: SignedPermit = {
      permitted: { token: tokenIn, amount: amountIn },
      nonce: randomNonce(),
      deadline: timestamp + (request.deadlineIn ?? 3600n),
    };
    signed = { permit, signature: await signPermit(bed.user, permit, bed.executor) };
  }
  const data = encodeExecutorSwap({
    ...signed,
    owner: bed.user.account.address,
    route: request.route,
    minAmountOut: request.minAmountOut ?? 0n,
    recipient,
  });
  return { ...signed, data, sender, recipient, tokenIn, tokenOut };
}

/** What `swap` would return if sent now (an eth_call from the sender). */
export async function simulateSwap(bed: ExecutorTestbed, swap: PreparedSwap): Promise<bigint> {
  const { data } = await bed.publicClient.call({ account: swap.sender.account, to: bed.executor, data: swap.data });
  return decodeFunctionResult({ abi: executorAbi, functionName: "swap", data: data! });
}

export type SwapOutcome = {
  /** Growth of the recipient's output-token balance. */
  received: bigint;
  /** Drop of the owner's input-token balance. */
  spent: bigint;
  gasUsed: bigint;
};

export async function sendSwap(bed: ExecutorTestbed, swap: PreparedSwap): Promise<SwapOutcome> {
  const owner = bed.user.account.address;
  const balance = (token: Address, holder: Address) =>
    bed.publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
  const [outBefore, inBefore] = [await balance(swap.tokenOut, swap.recipient), await balance(swap.tokenIn, owner)];
  const hash = await swap.sender.sendTransaction({ to: bed.executor, data: swap.data, gas: 2_000_000n });
  const receipt = await bed.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`swap ${hash} reverted`);
  return {
    received: (await balance(swap.tokenOut, swap.recipient)) - outBefore,
    spent: inBefore - (await balance(swap.tokenIn, owner)),
    gasUsed: receipt.gasUsed,
  };
}

/** Sum of every test token the executor holds: must stay zero, it keeps nothing between calls. */
export async function executorHoldings(bed: ExecutorTestbed): Promise<bigint> {
  let total = 0n;
  for (const token of Object.values(bed.tokens)) {
    total += await bed.publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [bed.executor] });
  }
  return total;
}

export type DecodedRevert = { errorName: string; args: readonly unknown[] };

/** Runs `call`, expects it to revert, and names the error from the executor's and Permit2's ABIs. */
export async function revertOf(call: () => Promise<unknown>): Promise<DecodedRevert> {
  try {
    await call();
  } catch (error) {
    const data = findRevertData(error);
    if (!data) throw error;
    const decoded = decodeErrorResult({ abi: [...executorAbi, ...permit2ErrorsAbi], data });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  }
  throw new Error("expected a revert, the call succeeded");
}

function findRevertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const withData = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
  return withData?.data;
}
