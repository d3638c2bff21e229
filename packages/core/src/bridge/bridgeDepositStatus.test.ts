import { describe, expect, it } from "vitest";
import { createAcrossClient } from "./across/createAcrossClient.js";
import { bridgeDepositStatus, mapAcrossStatus } from "./bridgeDepositStatus.js";

describe("mapAcrossStatus", () => {
  it("maps the protocol's states as decisions §2.12 says", () => {
    expect(["pending", "slowFillRequested", "filled", "slowFilled", "expired", "refunded"].map(mapAcrossStatus))
      .toEqual(["pending", "pending", "filled", "filled", "expired", "refunded"]);
    // Across' status lookups by deposit id: a hint of pending, checked against the chains by verifyDepositStatus.
    expect(["deposit-pending", "deposit-failed"].map(mapAcrossStatus)).toEqual(["pending", "pending"]);
    expect(() => mapAcrossStatus("teleported")).toThrow(/unknown deposit status/);
  });
});

/** The real Across client, its upstream answering `answer` (the upstream is untrusted: it may name any deposit). */
const answering = (answer: Record<string, unknown>) => createAcrossClient({
  baseUrl: "http://across.test", apiKey: "k", integratorId: "0x5c1e", feeRecipient: "0x7777777777777777777777777777777777777777", timeoutMs: 500,
  fetch: (async () => new Response(JSON.stringify(answer), { status: 200 })) as typeof fetch,
});

const asked = `0x${"aa".repeat(32)}`;
const other = `0x${"bb".repeat(32)}`;

describe("bridgeDepositStatus: the answer is held to the query", () => {
  it("an answer about another transaction, deposit id or origin chain is an upstream error", async () => {
    await expect(bridgeDepositStatus(answering({ status: "filled", depositTxnRef: other, depositId: "7", originChainId: 8453 }), { depositTxnRef: asked }))
      .rejects.toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/another deposit/) });
    await expect(bridgeDepositStatus(answering({ status: "filled", depositTxnRef: other, depositId: "8", originChainId: 8453 }), { originChainId: 8453, depositId: "7" }))
      .rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    await expect(bridgeDepositStatus(answering({ status: "filled", depositTxnRef: other, depositId: "7", originChainId: 42161 }), { originChainId: 8453, depositId: "7" }))
      .rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
  });

  it("the identifiers asked about are the ones handed on to verification", async () => {
    expect(await bridgeDepositStatus(answering({ status: "pending", depositTxnRef: asked.toUpperCase().replace("0X", "0x"), depositId: null }), { depositTxnRef: asked }))
      .toMatchObject({ depositTxHash: asked, depositId: "" });
    expect(await bridgeDepositStatus(answering({ status: "filled", depositTxnRef: other }), { originChainId: 8453, depositId: "7" }))
      .toMatchObject({ depositTxHash: other, depositId: "7", originChainId: 8453 });
  });
});
