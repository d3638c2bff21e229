/**
 * An origin RPC that does not answer is an outage (DEPENDENCY_DOWN: retry), not an INTERNAL error and not a "no
 * refund" answer. The node is a real one, stopped: nothing stands in for it.
 */
import { describe, expect, it } from "vitest";
import { createPublicClient, http, pad, type PublicClient } from "viem";
import { startAnvil } from "@sluice/testkit";
import { chainById } from "../chains/chains.js";
import { findRefundTransaction } from "./findRefundTransaction.js";
import { provesRefund } from "./provesRefund.js";
import type { RelayData } from "./relayHashOf.js";

const BASE = 8453;
const someone = pad("0x1111111111111111111111111111111111111111");
const relayData: RelayData = {
  depositor: someone, recipient: someone, exclusiveRelayer: pad("0x00"), inputToken: pad(chainById(BASE)!.curatedTokens[1]!.address),
  outputToken: pad("0x00"), inputAmount: 1_000_000n, outputAmount: 990_000n, originChainId: BigInt(BASE), depositId: 1n,
  fillDeadline: 1_700_000_000, exclusivityDeadline: 0, message: "0x",
};

describe("provesRefund / findRefundTransaction", () => {
  it("an origin RPC that does not answer is DEPENDENCY_DOWN", async () => {
    const anvil = await startAnvil({ chainId: BASE, port: 0 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl, { retryCount: 0, timeout: 2_000 }) }) as PublicClient;
    await anvil.stop();
    const refund = { client, spokePool: chainById(BASE)!.spokePool, relayData, depositBlock: 1n, confirmations: 1 };
    await expect(provesRefund({ ...refund, refundTx: pad("0x01") })).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
    await expect(findRefundTransaction(refund)).rejects.toMatchObject({ code: "DEPENDENCY_DOWN" });
  });
});
