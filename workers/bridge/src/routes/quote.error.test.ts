import { beforeAll, describe, expect, inject, it } from "vitest";
import { concatHex } from "viem";
import { ARBITRUM, BASE, call, createPartner, newWallet, publicClient, quoteBody, bridgeToken, type Partner } from "@sluice/testkit";

let partner: Partner;
let depositor: `0x${string}`;
beforeAll(async () => {
  partner = await createPartner({ rateLimitPerMinute: 1000 });
  depositor = (await newWallet()).address;
});

const quote = (overrides: Record<string, unknown>) => call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(depositor, overrides) });

describe("POST /api/v1/bridge/quote validation", () => {
  it.each([
    [{ amount: 25000000 }, "amount"],
    [{ amount: "1.5" }, "amount"],
    [{ amount: "-1" }, "amount"],
    [{ amount: "0" }, "amount"],
    [{ amount: "1".repeat(80) }, "amount"],
    [{ depositor: "0x1234" }, "depositor"],
    [{ recipient: "not-an-address" }, "recipient"],
    [{ originChainId: "8453" }, "originChainId"],
    [{ destinationChainId: 1.5 }, "destinationChainId"],
    [{ inputToken: "0x12" }, "inputToken"],
    [{ tradeType: "exactish" }, "tradeType"],
    [{ slippage: 2 }, "slippage"],
    [{ destinationChainId: BASE }, "destinationChainId"],
  ])("%j → MALFORMED_REQUEST naming %s", async (overrides, field) => {
    const response = await quote(overrides);
    expect(response).toMatchObject({ status: 400, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringContaining(field) } });
  });

  it.each(["depositor", "recipient"])("the zero address as %s → MALFORMED_REQUEST naming it, before any upstream request", async (field) => {
    const zero = "0x0000000000000000000000000000000000000000";
    // The stand-in counts `/swap/approval` requests by depositor: the zero one, or the user's when the recipient is zero.
    const asked = field === "depositor" ? zero : depositor;
    const before = await requestCount(asked);
    const response = await quote({ [field]: zero });
    expect(response).toMatchObject({ status: 400, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringMatching(new RegExp(`^${field}: .*zero address`)) } });
    expect(await requestCount(asked)).toBe(before);
  });

  it("a contract depositor without a recipient → MALFORMED_REQUEST naming recipient, before any upstream request", async () => {
    // A smart-contract wallet's address on the destination may be nobody's, or someone else's: it must name its recipient.
    const wallet = (await newWallet()).address;
    const client = publicClient(BASE);
    const setCode = (code: `0x${string}`) => client.request({ method: "anvil_setCode" as never, params: [wallet, code] as never });
    await setCode("0x6001600055"); // any contract code
    const before = await requestCount(wallet);
    expect(await quote({ depositor: wallet })).toMatchObject({
      status: 400, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringMatching(/^recipient: is required when the depositor is a contract/) },
    });
    expect(await requestCount(wallet)).toBe(before);
    // Named, the quote goes ahead (refused here only for the wallet's empty balance).
    const recipient = (await newWallet()).address;
    expect(await quote({ depositor: wallet, recipient })).toMatchObject({ status: 422, body: { code: "SIMULATION_FAILED" } });
    expect(await requestCount(wallet)).toBe(before + 1);
    // An account delegating its code (EIP-7702) is still its key's, on every chain: the default holds.
    await setCode(concatHex(["0xef0100", bridgeToken(BASE, "USDC")]));
    expect(await quote({ depositor: wallet })).toMatchObject({ status: 422, body: { code: "SIMULATION_FAILED" } });
    expect(await requestCount(wallet)).toBe(before + 2);
  });

  it("a missing field and malformed JSON → MALFORMED_REQUEST", async () => {
    const { amount: _amount, ...withoutAmount } = quoteBody(depositor);
    expect(await call("/api/v1/bridge/quote", { key: partner.key, body: withoutAmount }))
      .toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", error: "amount: is required" } });
    expect(await call("/api/v1/bridge/quote", { key: partner.key, rawBody: "{ not json", headers: { "Content-Type": "application/json" }, method: "POST" }))
      .toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST" } });
  });

  it("a chain outside the four → UNSUPPORTED_CHAIN naming the field", async () => {
    expect(await quote({ originChainId: 10 })).toMatchObject({ status: 400, body: { code: "UNSUPPORTED_CHAIN", error: expect.stringContaining("originChainId") } });
    expect(await quote({ destinationChainId: 56 })).toMatchObject({ status: 400, body: { code: "UNSUPPORTED_CHAIN", error: expect.stringContaining("destinationChainId") } });
  });

  it("a token outside the curated bridgeable set → UNSUPPORTED_TOKEN", async () => {
    expect(await quote({ inputToken: "DEGEN" })).toMatchObject({ status: 422, body: { code: "UNSUPPORTED_TOKEN", error: expect.stringContaining("inputToken") } });
    expect(await quote({ outputToken: "0x000000000000000000000000000000000000dEaD" })).toMatchObject({ status: 422, body: { code: "UNSUPPORTED_TOKEN" } });
    expect(await quote({ originChainId: 137, inputToken: "WPOL" })).toMatchObject({ status: 422, body: { code: "UNSUPPORTED_TOKEN" } });
    // an address valid on another chain only
    expect(await quote({ inputToken: bridgeToken(ARBITRUM, "USDC") })).toMatchObject({ status: 422, body: { code: "UNSUPPORTED_TOKEN" } });
  });

  it("a pair the bridge protocol has no route for → UNSUPPORTED_TOKEN", async () => {
    expect(await quote({ inputToken: "USDC", outputToken: "WETH" })).toMatchObject({ status: 422, body: { code: "UNSUPPORTED_TOKEN", error: expect.stringMatching(/No bridge route/) } });
  });

  it("a user without the funds → SIMULATION_FAILED", async () => {
    expect(await quote({})).toMatchObject({ status: 422, body: { code: "SIMULATION_FAILED", error: expect.stringMatching(/check balance and allowance/) } });
  });
});

/** How many `/swap/approval` requests the local Across API received for a depositor. */
async function requestCount(address: string): Promise<number> {
  const response = await fetch(`${inject("stack").acrossApiUrl}/devnet/requests?depositor=${address}`);
  return Number(((await response.json()) as { count: number }).count);
}
