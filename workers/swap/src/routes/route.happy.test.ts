import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { isAddressEqual } from "viem";
import { call, createPartner, executeQuote, manifestChain, newUser, quote, token } from "@sluice/testkit";

const chain = "base" as const;

describe("POST /api/v1/route — quotes", () => {
  it("answers the interface's quote, the gasless verdict, computeMs and a ready-to-sign permit", async () => {
    const partner = await createPartner();
    const response = await quote(partner.key, { from: "WETH", to: "USDC", amount: "1" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { quote: q, permit } = response.body;
    expect(response.body).toMatchObject({ ok: true, gaslessEligible: true, gaslessMinimumUsd: 20 });
    expect(typeof response.body.computeMs).toBe("number");
    expect(q.amountIn).toBe("1");
    expect(q.amountOutRaw).toMatch(/^\d+$/);
    expect(q.amountOut).toBe((Number(q.amountOutRaw) / 1e6).toString());
    expect(q.rate).toMatch(/^1 WETH = [\d.]+ USDC$/);
    expect(["uniswap-v2", "uniswap-v3", "uniswap-v2+uniswap-v3"]).toContain(q.protocol);
    expect(manifestChain(chain).pools.some((p) => isAddressEqual(p.address, q.poolAddress))).toBe(true);
    expect(q.priceImpactBps).toBeGreaterThanOrEqual(0);
    expect(q.priceImpactBps).toBeLessThan(100);
    expect(q.volumeUsd).toBeGreaterThan(2500);
    const hops = q.route.splits.flatMap((s) => s.hops);
    expect(hops.length).toBeGreaterThan(0);
    expect(q.route.splits.reduce((sum, s) => sum + BigInt(s.amountIn), 0n)).toBe(10n ** 18n);
    expect(q.route.splits.reduce((sum, s) => sum + BigInt(s.amountOut), 0n)).toBe(BigInt(q.amountOutRaw));

    expect(permit!.domain).toEqual({ name: "Permit2", chainId: 8453, verifyingContract: "0x000000000022D473030F116dDEE9F6B43aC78BA3" });
    expect(permit!.primaryType).toBe("PermitWitnessTransferFrom");
    expect(Object.keys(permit!.types).sort()).toEqual(["PermitWitnessTransferFrom", "SluiceSwap", "TokenPermissions"]);
    expect(permit!.message.permitted).toEqual({ token: token(chain, "WETH").address.toLowerCase(), amount: (10n ** 18n).toString() });
    expect(isAddressEqual(permit!.message.spender, manifestChain(chain).executor!)).toBe(true);
    const deadline = Number(permit!.message.deadline);
    expect(deadline).toBeGreaterThan(Date.now() / 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() / 1000 + 600);
    // a fresh nonce each time
    const again = await quote(partner.key, { from: "WETH", to: "USDC", amount: "1" });
    expect(again.body.permit!.message.nonce).not.toBe(permit!.message.nonce);
  });

  it("the executor pays exactly amountOutRaw: a single pool, then a split across multi-hop paths, each on the state the previous swap left", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "1000100");
    for (const amount of ["100", "1000000"]) {
      const answer = await quote(partner.key, { from: "USDC", to: "WETH", amount });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const received = await executeQuote(chain, user, answer.body);
      expect(received).toBe(BigInt(answer.body.quote.amountOutRaw));
      if (amount === "1000000") {
        expect(answer.body.quote.route.splits.length).toBeGreaterThan(1);
        expect(Math.max(...answer.body.quote.route.splits.map((s) => s.hops.length))).toBeGreaterThan(1);
      }
    }
  });

  it("the executor pays exactly amountOutRaw across V2 and V3 pools and three hops (DEGEN → WBTC)", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "DEGEN", "1000000");
    const answer = await quote(partner.key, { from: "DEGEN", to: "WBTC", amount: "1000000" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.quote.protocol).toBe("uniswap-v2+uniswap-v3");
    expect(await executeQuote(chain, user, answer.body)).toBe(BigInt(answer.body.quote.amountOutRaw));
  });

  it("resolves symbols case-insensitively through the curated list, and honours explicit addresses and decimals", async () => {
    const partner = await createPartner();
    const usdc = token(chain, "USDC").address;
    const bySymbol = await quote(partner.key, { from: "usdc", to: "weth", amount: "250" });
    const byAddress = await quote(partner.key, { from: usdc, to: token(chain, "WETH").address, amount: "250" });
    const explicit = await quote(partner.key, { from: "USDC", fromAddress: usdc, fromDecimals: 6, to: "WETH", toDecimals: 18, amount: "250" });
    for (const r of [bySymbol, byAddress, explicit]) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(byAddress.body.quote.amountOutRaw).toBe(bySymbol.body.quote.amountOutRaw);
    expect(explicit.body.quote.amountOutRaw).toBe(bySymbol.body.quote.amountOutRaw);
    expect(bySymbol.body.permit!.message.permitted.token).toBe(usdc.toLowerCase());
    // the low-quality impostor sharing the symbol is reachable only by its address
    const impostor = manifestChain(chain).tokens.find((t) => t.symbol === "USDC" && !t.curated);
    if (impostor) {
      const r = await quote(partner.key, { from: impostor.address, to: "WETH", amount: "1" });
      expect(r.body.permit?.message.permitted.token ?? impostor.address.toLowerCase()).toBe(impostor.address.toLowerCase());
    }
  });

  it("values the swap in USD exactly: a stablecoin input is its own value", async () => {
    const partner = await createPartner();
    const r = await quote(partner.key, { from: "USDC", to: "WETH", amount: "123.456789" });
    expect(r.body.quote.volumeUsd).toBe(123.456789);
    const weth = await quote(partner.key, { from: "WETH", to: "DAI", amount: "2" });
    // WETH is priced at the deepest stablecoin pool's mid price (3000 USD on the default scenario)
    expect(weth.body.quote.volumeUsd).toBeGreaterThan(5900);
    expect(weth.body.quote.volumeUsd).toBeLessThan(6100);
  });

  it("gasless boundary on base (20 USD): just below fails with the quote, at and above are eligible", async () => {
    const partner = await createPartner();
    const below = await quote(partner.key, { from: "USDC", to: "WETH", amount: "19.999999" });
    expect(below.status).toBe(422);
    expect(below.body).toMatchObject({
      ok: false, code: "SWAP_TOO_SMALL", gaslessEligible: false, gaslessMinimumUsd: 20,
      error: "Swap too small: 19.999999 USD is below the 20 USD gasless minimum on base",
    });
    expect(typeof below.body.computeMs).toBe("number");
    expect(below.body.quote.amountOutRaw).toMatch(/^\d+$/);
    expect(below.body.quote.volumeUsd).toBe(19.999999);
    for (const amount of ["20", "20.000001"]) {
      const r = await quote(partner.key, { from: "USDC", to: "WETH", amount });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.gaslessEligible).toBe(true);
      expect(r.body.permit).toBeDefined();
    }
  });

  it("records one route usage event with the quote's USD volume for the key's account", async () => {
    const partner = await createPartner();
    const r = await quote(partner.key, { from: "USDC", to: "WETH", amount: "42.5" });
    expect(r.status).toBe(200);
    let events: { event_type: string; volume_usd: number }[] = [];
    for (let i = 0; i < 50 && events.length === 0; i++) {
      events = (await call("/api/v1/usage?event_type=route", { key: partner.key })).body.events ?? [];
      if (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_type: "route", volume_usd: 42.5 });
  });

  it("GET /api/v1/ping answers without a key", async () => {
    const r = await call("/api/v1/ping");
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    expect(inject("stack").baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it("an unlisted token is still quoted by address, and the answer says it is not listed; listed ones say so too", async () => {
    const partner = await createPartner();
    const scam = token(chain, "SCAM").address;
    const answer = await quote(partner.key, { from: "USDC", to: scam, amount: "100" });
    // Worth 0 USD with an unlisted side (decisions §2.3a), so never gasless: the quote and permit come with the
    // below-minimum failure, for a user-paid swap.
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toMatchObject({ code: "SWAP_TOO_SMALL", gaslessEligible: false, quote: { volumeUsd: 0 } });
    expect(answer.body.permit).toBeDefined();
    expect(answer.body.quote.tokenOut).toMatchObject({ address: scam.toLowerCase(), symbol: "SCAM", listed: false });
    expect(answer.body.quote.tokenIn).toMatchObject({ symbol: "USDC", listed: true });
    // No hop of any split goes through an unlisted token: the only unlisted token on the route is the output.
    for (const split of answer.body.quote.route.splits) {
      for (const hop of split.hops.slice(0, -1)) expect([hop.tokenOut]).not.toContain(scam.toLowerCase());
    }
  });
});
