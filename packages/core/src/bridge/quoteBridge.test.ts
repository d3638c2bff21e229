/**
 * What `quoteBridge` refuses before the bridge protocol is asked: a deposit this deployment could not verify end to
 * end (no RPC of the origin, to simulate it, or of the destination, to see it filled, expired or refunded).
 */
import { describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import type { AcrossClient } from "./across/createAcrossClient.js";
import { bridgeTokens } from "./bridgeTokens.js";
import { quoteBridge } from "./quoteBridge.js";

const BASE = 8453;
const ARBITRUM = 42161;
const usdc = (chainId: number) => bridgeTokens(chainId).find((t) => t.symbol === "USDC")!;

describe("quoteBridge", () => {
  const asked: string[] = [];
  const across: AcrossClient = {
    swapApproval: async () => { asked.push("swapApproval"); throw new Error("not reached"); },
    depositStatus: async () => { asked.push("depositStatus"); return null; },
  };
  // Never called: both refusals come before any chain read.
  const unreachable = createPublicClient({ transport: http("http://127.0.0.1:9") }) as PublicClient;
  const request = {
    originChainId: BASE, destinationChainId: ARBITRUM, inputToken: usdc(BASE), outputToken: usdc(ARBITRUM), amount: 1_000_000n,
    tradeType: "exactInput" as const, depositor: "0x1111111111111111111111111111111111111111" as const, slippage: "auto" as const,
  };
  const quote = (o: { originClient?: PublicClient; destinationServed: boolean }) =>
    quoteBridge({ request, across, feeRecipient: "0x2222222222222222222222222222222222222222", integratorId: "0x0001", ...o });

  it("a destination this deployment does not reach → UNSUPPORTED_CHAIN naming destinationChainId; the protocol is not asked", async () => {
    await expect(quote({ originClient: unreachable, destinationServed: false })).rejects.toMatchObject({
      code: "UNSUPPORTED_CHAIN", message: expect.stringMatching(/^destinationChainId: bridging to chain 42161 is not available/),
    });
    expect(asked).toEqual([]);
  });

  it("an origin this deployment does not reach → UNSUPPORTED_CHAIN naming originChainId; the protocol is not asked", async () => {
    await expect(quote({ destinationServed: true })).rejects.toMatchObject({
      code: "UNSUPPORTED_CHAIN", message: expect.stringMatching(/^originChainId: bridging from chain 8453 is not available/),
    });
    expect(asked).toEqual([]);
  });
});
