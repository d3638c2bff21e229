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

/** The real Across client, its upstream answering `body` as is (the upstream is untrusted: it may name any deposit). */
const answeringText = (body: string) => createAcrossClient({
  baseUrl: "http://across.test", apiKey: "k", integratorId: "0x5c1e", feeRecipient: "0x7777777777777777777777777777777777777777", timeoutMs: 500,
  fetch: (async () => new Response(body, { status: 200 })) as typeof fetch,
});
const answering = (answer: Record<string, unknown>) => answeringText(JSON.stringify(answer));

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

describe("bridgeDepositStatus: the deposit id answered is a canonical uint256", () => {
  it.each([
    ["letters", '"x1"'], ["leading zeros", '"007"'], ["an empty string", '""'], ["a sign", '"-1"'], ["a fraction", '"7.5"'],
    ["a number above 2^53 (1.2e+21 once parsed)", "1200000000000000000000"], ["a number in exponent form", "1.2e21"],
    ["a negative number", "-1"], ["a fractional number", "7.5"], ["a value above uint256", `"${2n ** 256n}"`],
  ])("%s is an upstream error, whatever was asked (a tracked deposit is then read from the chains)", async (_name, raw) => {
    const body = `{"status":"pending","depositId":${raw},"depositTxnRef":"${asked}","originChainId":8453}`;
    await expect(bridgeDepositStatus(answeringText(body), { depositTxnRef: asked })).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
    await expect(bridgeDepositStatus(answeringText(body), { originChainId: 8453, depositId: "7" })).rejects.toMatchObject({ code: "UPSTREAM_ERROR" });
  });

  it("a canonical decimal string, up to 2^256 - 1, and a number JSON holds exactly are taken", async () => {
    const max = (2n ** 256n - 1n).toString();
    expect(await bridgeDepositStatus(answeringText(`{"status":"pending","depositId":"${max}"}`), { originChainId: 8453, depositId: max }))
      .toMatchObject({ depositId: max });
    expect(await bridgeDepositStatus(answeringText(`{"status":"pending","depositId":"0"}`), { depositTxnRef: asked })).toMatchObject({ depositId: "0" });
    expect(await bridgeDepositStatus(answeringText('{"status":"pending","depositId":7}'), { originChainId: 8453, depositId: "7" })).toMatchObject({ depositId: "7" });
  });
});
