import { describe, expect, it } from "vitest";
import { HttpRequestError, type PublicClient } from "viem";
import { readPermitChainState } from "./readPermitChainState.js";

const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const token = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

/** A client whose Multicall3 answers these four results (block time, nonce bitmap, balance, allowance). */
const answering = (results: unknown[]) => ({ multicall: async () => results }) as unknown as PublicClient;
const success = (result: bigint) => ({ status: "success", result });
const failure = (error: Error) => ({ status: "failure", error });

describe("readPermitChainState", () => {
  it("reads the chain time, the nonce's bit, the balance and the Permit2 allowance", async () => {
    const state = await readPermitChainState(answering([success(1_700_000_000n), success(1n << 5n), success(7n), success(9n)]), { owner, token, nonce: 5n });
    expect(state).toEqual({ chainTime: 1_700_000_000n, nonceUsed: true, balance: 7n, permit2Allowance: 9n });
  });

  // decisions §2.2: a chain's RPC failing is 503 DEPENDENCY_DOWN (with Retry-After); 502 UPSTREAM_ERROR is the bridge protocol's.
  it("a Permit2 or Multicall3 read that fails is the chain's RPC failing: DEPENDENCY_DOWN, not UPSTREAM_ERROR", async () => {
    const reverted = failure(new Error("execution reverted"));
    for (const results of [[reverted, success(0n), success(7n), success(9n)], [success(1n), reverted, success(7n), success(9n)]]) {
      await expect(readPermitChainState(answering(results), { owner, token, nonce: 5n }))
        .rejects.toMatchObject({ code: "DEPENDENCY_DOWN", status: 503, message: "Permit2 or Multicall3 could not be read on this chain; retry shortly" });
    }
  });

  it("a lost connection, or a multicall that throws, is DEPENDENCY_DOWN too", async () => {
    const lost = failure(new HttpRequestError({ url: "http://127.0.0.1:9" }));
    await expect(readPermitChainState(answering([lost, lost, lost, lost]), { owner, token, nonce: 5n })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    const throwing = { multicall: async () => { throw new Error("socket hang up"); } } as unknown as PublicClient;
    await expect(readPermitChainState(throwing, { owner, token, nonce: 5n })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });

  it("a token whose balance or allowance cannot be read is the permit's fault: PERMIT_INVALID", async () => {
    const notErc20 = failure(new Error("execution reverted"));
    await expect(readPermitChainState(answering([success(1n), success(0n), notErc20, success(9n)]), { owner, token, nonce: 5n }))
      .rejects.toMatchObject({ code: "PERMIT_INVALID" });
  });
});
