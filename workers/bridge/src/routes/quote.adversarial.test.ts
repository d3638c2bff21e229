/**
 * The local Across API answers dishonestly on request (its devnet-only `/devnet/tamper` control): every tampered
 * answer must be refused, with nothing of it returned.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { BASE, call, createPartner, newWallet, quoteBody, tamper, type Partner } from "@sluice/testkit";

let partner: Partner;
beforeAll(async () => { partner = await createPartner({ rateLimitPerMinute: 1000 }); });

const refusals: [mode: string, code: string, message: RegExp][] = [
  ["target", "UPSTREAM_ERROR", /not a canonical Across contract/],
  ["depositor", "UPSTREAM_ERROR", /depositor \(who is refunded on the origin chain\) is .* not the user/],
  ["recipient", "UPSTREAM_ERROR", /drains the output to .* not to the requested recipient/],
  ["directRecipient", "UPSTREAM_ERROR", /recipient is .* not the requested/],
  ["destinationChain", "UPSTREAM_ERROR", /the deposit goes to chain \d+, not 42161/],
  ["refundRecipient", "UPSTREAM_ERROR", /fallback recipient \(refund if the message fails\)/],
  ["approvalSpender", "UPSTREAM_ERROR", /lets 0x[0-9a-fA-F]+ spend the input token/],
  ["approvalCall", "UPSTREAM_ERROR", /not a plain ERC20 approve/],
  ["approvalToken", "UPSTREAM_ERROR", /not to the input token/],
  ["noAppFee", "UPSTREAM_ERROR", /pays no app fee/],
  ["wrongAppFee", "UPSTREAM_ERROR", /not 10 bps of the output/],
  ["undisclosedAppFee", "UPSTREAM_ERROR", /discloses an app fee of 0/],
  ["feeToStranger", "UPSTREAM_ERROR", /app fee is paid to .* not to Sluice's fee recipient/],
  ["extraCall", "UPSTREAM_ERROR", /call\(s\) beyond the fee and the payout/],
  ["inputAmount", "UPSTREAM_ERROR", /takes \d+ base units, not the requested/],
  // No fee breakdown or bridge step: only the deposit's own amounts show that it asks relayers for twice its input.
  ["inflatedOutput", "UPSTREAM_ERROR", /output of 50000000 base units exceeds its input of 25000000 base units of the same asset/],
  ["outputToken", "UPSTREAM_ERROR", /output token is 0x/],
  ["nativeValue", "UPSTREAM_ERROR", /sends native coin/],
  ["fillDeadlinePassed", "UPSTREAM_ERROR", /fill deadline has already passed/],
  ["expired", "QUOTE_EXPIRED", /expired/],
  ["malformedJson", "UPSTREAM_ERROR", /malformed JSON/],
  ["wrongShape", "UPSTREAM_ERROR", /not understood/],
];

describe("POST /api/v1/bridge/quote refuses tampered upstream answers", () => {
  it.each(refusals)("%s → %s", async (mode, code, message) => {
    const user = await newWallet();
    await tamper(user.address, mode);
    const response = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address) });
    expect(response.body).toMatchObject({ ok: false, code, error: expect.stringMatching(message) });
    expect(response.status).toBe(code === "QUOTE_EXPIRED" ? 422 : 502);
    expect(response.body.quote).toBeUndefined();
    expect(JSON.stringify(response.body)).not.toMatch(/swapTx|approvalTxns|0x095ea7b3/);
  });

  it("a deposit that would revert (a quote time outside the SpokePool's window) is refused before it is simulated", async () => {
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 100_000_000n });
    await tamper(user.address, "simulationFailed");
    const response = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address) });
    expect(response).toMatchObject({ status: 502, body: { ok: false, code: "UPSTREAM_ERROR", error: expect.stringMatching(/SpokePool's window/) } });
  });

  it("an honest answer through the legacy depositV3 entry point is accepted", async () => {
    const user = await newWallet({ chainId: BASE, symbol: "USDC", amount: 100_000_000n });
    await tamper(user.address, "legacyDepositV3");
    const response = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address) });
    expect(response.status).toBe(200);
    expect(response.body.quote.swapTx.data.slice(0, 10)).toBe("0x7b939232");
  });

  it("5xx answers are retried, then UPSTREAM_ERROR; 4xx answers are never retried", async () => {
    const failing = await newWallet();
    await tamper(failing.address, "serverError");
    const failed = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(failing.address) });
    expect(failed).toMatchObject({ status: 502, body: { code: "UPSTREAM_ERROR", error: expect.stringMatching(/unavailable \(HTTP 500\); safe to retry/) } });
    expect(await requestCount(failing.address)).toBe(2);

    const refused = await newWallet();
    await tamper(refused.address, "badRequest");
    const bad = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(refused.address) });
    expect(bad).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST", error: expect.stringMatching(/^amount:/) } });
    expect(await requestCount(refused.address)).toBe(1);
  });

  it("an upstream that does not answer in time → UPSTREAM_ERROR after the retry", async () => {
    const user = await newWallet();
    await tamper(user.address, "timeout");
    const started = Date.now();
    const response = await call("/api/v1/bridge/quote", { key: partner.key, body: quoteBody(user.address) });
    expect(response).toMatchObject({ status: 502, body: { code: "UPSTREAM_ERROR", error: expect.stringMatching(/no answer within 5000 ms/) } });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await requestCount(user.address)).toBe(2);
  }, 60_000);
});

async function requestCount(depositor: string): Promise<number> {
  const response = await fetch(`${inject("stack").acrossApiUrl}/devnet/requests?depositor=${depositor}`);
  return Number(((await response.json()) as { count: number }).count);
}
