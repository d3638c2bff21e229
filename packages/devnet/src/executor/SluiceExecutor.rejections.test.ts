/**
 * Every way a swap must fail, each with the error that names why: an unauthorised caller, a spent or expired
 * permit, too little output, a malformed route, a stray callback, and a relayer trying to pay someone else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, getAddress, parseUnits, type Hex } from "viem";
import { executorAbi, type ExecutorRoute } from "@sluice/core";
import { startExecutorTestbed, type ExecutorTestbed } from "./testing/startExecutorTestbed.js";
import { prepareSwap, revertOf, sendSwap, simulateSwap, type PreparedSwap } from "./testing/executorCalls.js";
import { quoteRoute } from "./testing/quoteRoute.js";

const unit = (amount: string) => parseUnits(amount, 18);

let bed: ExecutorTestbed;
let route: ExecutorRoute;

beforeAll(async () => {
  bed = await startExecutorTestbed();
  const { A, B } = bed.tokens;
  route = { splits: [{ amountIn: unit("2"), hops: [{ pool: bed.pools.v2AB, kind: "v2", tokenIn: A, tokenOut: B }] }] };
});

afterAll(async () => {
  await bed?.stop();
});

/** Sends the swap as a real transaction is sent: eth_call of the same calldata from the same sender. */
const attempt = (swap: PreparedSwap) => () => simulateSwap(bed, swap);

describe("SluiceExecutor rejections", () => {
  it("a stranger cannot spend a user's permit", async () => {
    const swap = await prepareSwap(bed, { route, sender: bed.stranger });
    expect(await revertOf(attempt(swap))).toEqual({ errorName: "NotAuthorized", args: [] });
  });

  it("a relayer can only pay the permit's owner", async () => {
    const swap = await prepareSwap(bed, { route, recipient: bed.relayer.account.address });
    expect(await revertOf(attempt(swap))).toEqual({ errorName: "InvalidRecipient", args: [] });
  });

  it("a permit cannot be replayed: Permit2 refuses its used nonce", async () => {
    const first = await prepareSwap(bed, { route });
    await sendSwap(bed, first);
    const replay = await prepareSwap(bed, { route, signed: { permit: first.permit, signature: first.signature } });
    expect(await revertOf(attempt(replay))).toEqual({ errorName: "InvalidNonce", args: [] });
  });

  it("an expired permit is refused", async () => {
    const swap = await prepareSwap(bed, { route, deadlineIn: -1n });
    expect(await revertOf(attempt(swap))).toEqual({ errorName: "SignatureExpired", args: [swap.permit.deadline] });
  });

  it("an output under the minimum reverts, naming both amounts", async () => {
    const { amountOut } = await quoteRoute(bed.publicClient, bed.quoterV2, route);
    const swap = await prepareSwap(bed, { route, minAmountOut: amountOut + 1n });
    expect(await revertOf(attempt(swap))).toEqual({ errorName: "InsufficientOutput", args: [amountOut, amountOut + 1n] });
    // Exactly the quoted output is enough.
    const exact = await prepareSwap(bed, { route, minAmountOut: amountOut });
    expect(await simulateSwap(bed, exact)).toBe(amountOut);
  });

  it("a route that does not spend exactly the signed amount is refused", async () => {
    const swap = await prepareSwap(bed, { route });
    // Same permit, route bytes claiming one unit less than was signed.
    const { A, B } = bed.tokens;
    const short: Hex = `0x01${(unit("2") - 1n).toString(16).padStart(32, "0")}01${bed.pools.v2AB.slice(2)}00000000${B.slice(2)}`;
    const data = encodeFunctionData({
      abi: executorAbi,
      functionName: "swap",
      args: [swap.permit, bed.user.account.address, swap.signature, short, 0n, bed.user.account.address],
    });
    expect(A).not.toBe(B);
    expect(await revertOf(attempt({ ...swap, data }))).toEqual({ errorName: "InvalidRoute", args: [] });
    // Truncated bytes are refused too.
    const truncated = encodeFunctionData({
      abi: executorAbi,
      functionName: "swap",
      args: [swap.permit, bed.user.account.address, swap.signature, short.slice(0, -2) as Hex, 0n, bed.user.account.address],
    });
    expect(await revertOf(attempt({ ...swap, data: truncated }))).toEqual({ errorName: "InvalidRoute", args: [] });
  });

  it("a route through a contract that is not the factory's pool for its tokens reverts before any token moves", async () => {
    const { A, B, C } = bed.tokens;
    // A perfect copy of a real pair's code at another address: not what the V2 factory deployed for A/B.
    const fake = getAddress("0x00000000000000000000000000000000000f4ce1");
    const code = await bed.publicClient.getCode({ address: bed.pools.v2AB });
    await bed.publicClient.request({ method: "anvil_setCode" as never, params: [fake, code] as never });
    const throughFake = await prepareSwap(bed, { route: { splits: [{ amountIn: unit("2"), hops: [{ pool: fake, kind: "v2", tokenIn: A, tokenOut: B }] }] } });
    expect(await revertOf(attempt(throughFake))).toEqual({ errorName: "UnknownPool", args: [fake] });
    // A real pool, but for other tokens; and a real V3 pool named with the wrong fee tier.
    const otherPair = await prepareSwap(bed, { route: { splits: [{ amountIn: unit("2"), hops: [{ pool: bed.pools.v2BC, kind: "v2", tokenIn: A, tokenOut: B }] }] } });
    expect(await revertOf(attempt(otherPair))).toEqual({ errorName: "UnknownPool", args: [bed.pools.v2BC] });
    const wrongFee = await prepareSwap(bed, { route: { splits: [{ amountIn: unit("2"), hops: [{ pool: bed.pools.v3AC, kind: "v3", fee: 500, tokenIn: A, tokenOut: C }] }] } });
    expect(await revertOf(attempt(wrongFee))).toEqual({ errorName: "UnknownPool", args: [bed.pools.v3AC] });
  });

  it("nobody but the pool being swapped can call the V3 callback", async () => {
    const call = () =>
      bed.publicClient.simulateContract({
        account: bed.stranger.account,
        address: bed.executor,
        abi: executorAbi,
        functionName: "uniswapV3SwapCallback",
        args: [unit("1"), 0n, "0x"],
      });
    expect(await revertOf(call)).toEqual({ errorName: "UnexpectedCallback", args: [] });
  });

  it("only the admin manages relayers", async () => {
    const call = () =>
      bed.publicClient.simulateContract({
        account: bed.relayer.account,
        address: bed.executor,
        abi: executorAbi,
        functionName: "setRelayer",
        args: [bed.stranger.account.address, true],
      });
    expect(await revertOf(call)).toEqual({ errorName: "NotAdmin", args: [] });
    expect(await bed.publicClient.readContract({ address: bed.executor, abi: executorAbi, functionName: "isRelayer", args: [bed.relayer.account.address] })).toBe(true);
  });
});
