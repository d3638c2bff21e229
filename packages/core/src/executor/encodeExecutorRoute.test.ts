import { describe, expect, it } from "vitest";
import { decodeFunctionData, getAddress, size, slice, type Address } from "viem";
import { encodeExecutorRoute } from "./encodeExecutorRoute.js";
import { encodeExecutorSwap } from "./encodeExecutorSwap.js";
import { executorAbi } from "./executorAbi.js";
import type { ExecutorRoute } from "./executorRoute.js";

const address = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, "0")}`);
const [A, B, C] = [address(0xa), address(0xb), address(0xc)];
const [pairAB, poolBC, pairAC] = [address(0x1ab), address(0x2bc), address(0x3ac)];

const twoSplits: ExecutorRoute = {
  splits: [
    { amountIn: 600n, hops: [{ pool: pairAB, kind: "v2", tokenIn: A, tokenOut: B }] },
    {
      amountIn: 400n,
      hops: [
        { pool: pairAC, kind: "v2", tokenIn: A, tokenOut: C },
        { pool: poolBC, kind: "v3", fee: 3000, tokenIn: C, tokenOut: B },
      ],
    },
  ],
};

describe("encodeExecutorRoute", () => {
  it("packs splits and hops byte for byte as the contract reads them", () => {
    const encoded = encodeExecutorRoute(twoSplits, A, 1000n);
    expect(size(encoded)).toBe(1 + (17 + 44) + (17 + 2 * 44));
    expect(slice(encoded, 0, 1)).toBe("0x02");
    expect(BigInt(slice(encoded, 1, 17))).toBe(600n);
    expect(slice(encoded, 17, 18)).toBe("0x01");
    expect(getAddress(slice(encoded, 18, 38))).toBe(pairAB);
    expect(slice(encoded, 38, 39)).toBe("0x00");
    expect(slice(encoded, 39, 42)).toBe("0x000000"); // V2: no fee
    expect(getAddress(slice(encoded, 42, 62))).toBe(B);
    const second = 62;
    expect(BigInt(slice(encoded, second, second + 16))).toBe(400n);
    expect(slice(encoded, second + 16, second + 17)).toBe("0x02");
    const lastHop = second + 17 + 44;
    expect(getAddress(slice(encoded, lastHop, lastHop + 20))).toBe(poolBC);
    expect(slice(encoded, lastHop + 20, lastHop + 21)).toBe("0x01");
    expect(Number(slice(encoded, lastHop + 21, lastHop + 24))).toBe(3000);
    expect(getAddress(slice(encoded, lastHop + 24, lastHop + 44))).toBe(B);
  });

  it("refuses routes the contract would refuse", () => {
    expect(() => encodeExecutorRoute(twoSplits, A, 999n)).toThrow(/add up to 1000/);
    expect(() => encodeExecutorRoute(twoSplits, C, 1000n)).toThrow(/does not follow/);
    expect(() => encodeExecutorRoute({ splits: [] }, A, 0n)).toThrow(/splits/);
    const cycle: ExecutorRoute = {
      splits: [{ amountIn: 1n, hops: [{ pool: pairAB, kind: "v2", tokenIn: A, tokenOut: B }, { pool: pairAB, kind: "v2", tokenIn: B, tokenOut: A }] }],
    };
    expect(() => encodeExecutorRoute(cycle, A, 1n)).toThrow(/equals its input/);
    const diverging: ExecutorRoute = {
      splits: [twoSplits.splits[0]!, { amountIn: 400n, hops: [{ pool: pairAC, kind: "v2", tokenIn: A, tokenOut: C }] }],
    };
    expect(() => encodeExecutorRoute(diverging, A, 1000n)).toThrow(/ends in/);
    const huge: ExecutorRoute = { splits: [{ amountIn: 1n << 128n, hops: twoSplits.splits[0]!.hops }] };
    expect(() => encodeExecutorRoute(huge, A, 1n << 128n)).toThrow(/out of range/);
  });
});

describe("encodeExecutorSwap", () => {
  it("encodes a call to swap whose arguments decode back", () => {
    const permit = { permitted: { token: A, amount: 1000n }, nonce: 7n, deadline: 1_900_000_000n };
    const owner = address(0x111);
    const data = encodeExecutorSwap({ permit, owner, signature: "0x1234", route: twoSplits, minAmountOut: 990n, recipient: owner });
    const { functionName, args } = decodeFunctionData({ abi: executorAbi, data });
    expect(functionName).toBe("swap");
    expect(args).toEqual([permit, owner, "0x1234", encodeExecutorRoute(twoSplits, A, 1000n), 990n, owner]);
  });
});
