/**
 * The witness permit: the user signs the output token, the minimum and the recipient, and the executor holds every
 * caller to them — a relayer (or anyone holding the signature) cannot take less, another token or another recipient.
 * Each attack is a real call against Permit2 and the executor on the devnet.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { encodeFunctionData, erc20Abi, parseUnits, zeroAddress, type Address, type Hex } from "viem";
import {
  encodeExecutorRoute, encodeExecutorWitnessSwap, executorAbi, permitWitnessTypedData, type ExecutorRoute, type SignedPermit,
  type SluiceSwapWitness,
} from "@sluice/core";
import { startExecutorTestbed, type ExecutorTestbed } from "./testing/startExecutorTestbed.js";
import { revertOf } from "./testing/executorCalls.js";
import { quoteRoute } from "./testing/quoteRoute.js";
import { randomNonce } from "./testing/signPermit.js";

const unit = (amount: string) => parseUnits(amount, 18);

let bed: ExecutorTestbed;
let route: ExecutorRoute;
/** What the route pays on the pool's current state (each successful swap moves it). */
let quoted: bigint;

beforeAll(async () => {
  bed = await startExecutorTestbed();
  const { A, B } = bed.tokens;
  route = { splits: [{ amountIn: unit("2"), hops: [{ pool: bed.pools.v2AB, kind: "v2", tokenIn: A, tokenOut: B }] }] };
});

beforeEach(async () => {
  quoted = (await quoteRoute(bed.publicClient, bed.quoterV2, route)).amountOut;
});

afterAll(async () => {
  await bed?.stop();
});

/** A permit the user signs for `route`'s input with `witness`. */
async function signWitness(witness: SluiceSwapWitness): Promise<{ permit: SignedPermit; signature: Hex }> {
  const { timestamp } = await bed.publicClient.getBlock();
  const permit: SignedPermit = { permitted: { token: bed.tokens.A, amount: unit("2") }, nonce: randomNonce(), deadline: timestamp + 3600n };
  const signature = await bed.user.signTypedData(permitWitnessTypedData({ chainId: bed.user.chain.id, spender: bed.executor, permit, witness }));
  return { permit, signature };
}

const honest = (): SluiceSwapWitness => ({ tokenOut: bed.tokens.B, minAmountOut: quoted, recipient: zeroAddress });
const owner = () => bed.user.account.address;
const relayerCall = (data: Hex) => () => bed.publicClient.call({ account: bed.relayer.account, to: bed.executor, data });
const balanceOfB = (holder: Address) => bed.publicClient.readContract({ address: bed.tokens.B, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

describe("SluiceExecutor.swapWithWitness", () => {
  it("pays at least the signed minimum of the signed token to the signer when the witness names no recipient", async () => {
    const signed = await signWitness(honest());
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route, minAmountOut: 0n, witness: honest() });
    const before = await balanceOfB(owner());
    const hash = await bed.relayer.sendTransaction({ to: bed.executor, data, gas: 2_000_000n });
    expect((await bed.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect((await balanceOfB(owner())) - before).toBe(quoted);
  });

  it("a relayer cannot ask for less than the user signed: the signed minimum holds even with a call minimum of 0", async () => {
    const witness = { ...honest(), minAmountOut: quoted + 1n };
    const signed = await signWitness(witness);
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route, minAmountOut: 0n, witness });
    expect(await revertOf(relayerCall(data))).toEqual({ errorName: "InsufficientOutput", args: [quoted, quoted + 1n] });
  });

  it("a relayer cannot lower the signed minimum in the calldata: Permit2 refuses the signature", async () => {
    const signed = await signWitness(honest());
    const lowered = { ...honest(), minAmountOut: 0n };
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route, minAmountOut: 0n, witness: lowered });
    expect((await revertOf(relayerCall(data))).errorName).toBe("InvalidSigner");
  });

  it("a relayer cannot redirect the output to itself", async () => {
    const signed = await signWitness(honest());
    const redirected = { ...honest(), recipient: bed.relayer.account.address };
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route, minAmountOut: 0n, witness: redirected });
    expect((await revertOf(relayerCall(data))).errorName).toBe("InvalidSigner");
  });

  it("a relayer cannot swap into another token than the signed one", async () => {
    const { A, C } = bed.tokens;
    const toC: ExecutorRoute = { splits: [{ amountIn: unit("2"), hops: [{ pool: bed.pools.v3AC, kind: "v3", fee: 3000, tokenIn: A, tokenOut: C }] }] };
    const signed = await signWitness(honest());
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route: toC, minAmountOut: 0n, witness: honest() });
    expect(await revertOf(relayerCall(data))).toEqual({ errorName: "WitnessMismatch", args: [] });
    // Claiming the other token in the witness breaks the signature instead.
    const claimed = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route: toC, minAmountOut: 0n, witness: { ...honest(), tokenOut: C } });
    expect((await revertOf(relayerCall(claimed))).errorName).toBe("InvalidSigner");
  });

  it("a witness signature cannot be spent through the plain entry (it signs another type)", async () => {
    const signed = await signWitness(honest());
    const data = encodeFunctionData({
      abi: executorAbi, functionName: "swap",
      args: [signed.permit, owner(), signed.signature, encodeExecutorRoute(route, bed.tokens.A, unit("2")), 0n, owner()],
    });
    expect((await revertOf(relayerCall(data))).errorName).toBe("InvalidSigner");
  });

  it("pays a recipient the user signed, and a stranger still cannot submit", async () => {
    const witness = { ...honest(), recipient: bed.stranger.account.address };
    const signed = await signWitness(witness);
    const data = encodeExecutorWitnessSwap({ ...signed, owner: owner(), route, minAmountOut: 0n, witness });
    expect(await revertOf(() => bed.publicClient.call({ account: bed.stranger.account, to: bed.executor, data }))).toEqual({ errorName: "NotAuthorized", args: [] });
    const before = await balanceOfB(bed.stranger.account.address);
    const hash = await bed.relayer.sendTransaction({ to: bed.executor, data, gas: 2_000_000n });
    expect((await bed.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect((await balanceOfB(bed.stranger.account.address)) - before).toBe(quoted);
  });
});
