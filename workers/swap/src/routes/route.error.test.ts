import { beforeAll, describe, expect, it } from "vitest";
import { createPartner, faults, quote, token, withOutage } from "@sluice/testkit";

let key: string;
beforeAll(async () => {
  key = (await createPartner()).key;
});

/** Every route failure carries gaslessEligible and computeMs (interface §7). */
async function expectFailure(body: Record<string, unknown>, status: number, error: string | RegExp, code?: string) {
  const r = await quote(key, body);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.ok).toBe(false);
  if (typeof error === "string") expect(r.body.error).toBe(error);
  else expect(r.body.error).toMatch(error);
  if (code) expect(r.body.code).toBe(code);
  expect(r.body.gaslessEligible).toBe(false);
  expect(typeof r.body.computeMs).toBe("number");
  return r;
}

describe("POST /api/v1/route — bad amounts, each with its own message", () => {
  it("not a number", () => expectFailure({ from: "USDC", to: "WETH", amount: "abc" }, 400, /^amount: must be a decimal number/));
  it("scientific notation is not accepted", () => expectFailure({ from: "USDC", to: "WETH", amount: "1e6" }, 400, /^amount: must be a decimal number/));
  it("a number instead of a decimal string says so", () =>
    expectFailure({ from: "USDC", to: "WETH", amount: 100 }, 400, /^amount: .*, got a number \(100\)$/));
  it("negative", () => expectFailure({ from: "USDC", to: "WETH", amount: "-5" }, 400, "amount: must not be negative"));
  it("zero", () => expectFailure({ from: "USDC", to: "WETH", amount: "0.000" }, 400, "amount: must be greater than zero"));
  it("more decimals than the token has", () =>
    expectFailure({ from: "USDC", to: "WETH", amount: "1.1234567" }, 400, 'amount: USDC has 6 decimals; "1.1234567" has 7'));
  it("missing", () => expectFailure({ from: "USDC", to: "WETH" }, 400, "amount: is required"));
  it("more raw units than a swap's uint128 holds (was quoted, then /solve's encoding failed with a 500)", () =>
    expectFailure({ from: "WETH", to: "USDC", amount: "340282366920938463463.374607431768211456" }, 400,
      /^amount: "340282366920938463463\.374607431768211456" WETH is 340282366920938463463374607431768211456 raw units; a swap takes at most 2\^128 - 1/, "MALFORMED_REQUEST"));
  it("a number instead of a string", () => expectFailure({ from: "USDC", to: "WETH", amount: 5 }, 400, /^amount: /));
  // One rule with /solve's amount (core's AMOUNT_PATTERN): what /route quotes, /solve accepts.
  it.each([".5", "1.", " 1", "1 ", "+1", `1.${"0".repeat(37)}`, "1".repeat(41)])("the non-canonical %j, which /solve refuses too", async (amount) => {
    await expectFailure({ from: "USDC", to: "WETH", amount }, 400, /^amount: must be a decimal number in token units, like "1\.5"/, "MALFORMED_REQUEST");
  });
  it("the canonical forms /solve takes: whole, and with up to the token's decimals", async () => {
    for (const amount of ["25", "25.5", "25.500000000"]) {
      const r = await quote(key, { from: "USDC", to: "WETH", amount });
      expect(r.status, `${amount}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  });
});

describe("POST /api/v1/route — a failure before the route runs still carries gaslessEligible and computeMs", () => {
  it("a body past 1 MB: 400 with both (interface §7)", async () => {
    const body = { from: "USDC", to: "WETH", amount: "1", padding: "a".repeat(1024 * 1024) };
    await expectFailure(body, 400, "body: larger than 1 MB, the most this endpoint accepts", "MALFORMED_REQUEST");
  });
});

describe("POST /api/v1/route — tokens and chains", () => {
  it("unknown chain → 400 naming chain", () =>
    expectFailure({ from: "USDC", to: "WETH", amount: "1", chain: "solana" }, 400, /^chain: must be one of ethereum, base, arbitrum, polygon/, "MALFORMED_REQUEST"));
  it("unknown symbol → 422 naming the field", () =>
    expectFailure({ from: "NOPE", to: "WETH", amount: "1" }, 422, /^from: unknown token NOPE on base/, "UNSUPPORTED_TOKEN"));
  it("unknown address without decimals → 422", () =>
    expectFailure({ from: "USDC", to: "0x00000000000000000000000000000000000000aa", amount: "1" }, 422, /^to: unknown token/, "UNSUPPORTED_TOKEN"));
  it("an explicit address outside the graph is honoured (with decimals) and has no route", () =>
    expectFailure({ from: "USDC", to: "X", toAddress: "0x00000000000000000000000000000000000000aa", toDecimals: 18, amount: "1" }, 422, /^No route from USDC to X on base/, "NO_ROUTE"));
  it("a symbol resolves only to a listed token: a low-quality or stale one is refused by symbol, naming the way out", async () => {
    for (const symbol of ["SCAM", "FROZEN"]) {
      await expectFailure({ from: "USDC", to: symbol, amount: "1" }, 422,
        new RegExp(`^to: ${symbol} is not a listed token on base .* pass toAddress to quote this token anyway`), "UNSUPPORTED_TOKEN");
    }
  });
  it("malformed address", () => expectFailure({ from: "USDC", fromAddress: "0x1234", to: "WETH", amount: "1" }, 400, /^fromAddress: /));
  it("decimals that contradict the token's", () =>
    expectFailure({ from: "USDC", fromDecimals: 18, to: "WETH", amount: "1" }, 400, "fromDecimals: 18 does not match USDC's 6 decimals"));
  it("the same token on both sides", () => expectFailure({ from: "USDC", to: token("base", "USDC").address, amount: "1" }, 400, "to: must be a different token than from"));
  it("unknown fields are refused", () => expectFailure({ from: "USDC", to: "WETH", amount: "1", slippage: 3 }, 400, /unknown field 'slippage'/));
});

describe("POST /api/v1/route — business rules", () => {
  it("no route between tokens no path of 3 pools connects", () =>
    expectFailure({ from: "USDC", to: "HOP3", amount: "100" }, 422, /^No route from USDC to HOP3 on base/, "NO_ROUTE"));
  it("price impact above 500 bps; gaslessMinimumUsd is a number there as everywhere", async () => {
    const r = await expectFailure({ from: "THIN", to: "WETH", amount: "1000" }, 422, /^Price impact too high: \d+ bps exceeds the 500 bps maximum/, "PRICE_IMPACT_TOO_HIGH");
    expect(r.body.gaslessMinimumUsd).toBe(20);
  });
  it("swap too small: gaslessMinimumUsd is a number", async () => {
    const r = await expectFailure({ from: "USDC", to: "WETH", amount: "1" }, 422, /^Swap too small/, "SWAP_TOO_SMALL");
    expect(r.body.gaslessMinimumUsd).toBe(20);
  });
  it("the chain's RPC down → 503 DEPENDENCY_DOWN with Retry-After, still in the route failure shape", async () => {
    const down = await withOutage(faults.rpc("base"), () =>
      expectFailure({ from: "USDC", to: "WETH", amount: "100" }, 503, /^The base RPC node did not answer/, "DEPENDENCY_DOWN"));
    expect(down.headers.get("retry-after")).toBe("5");
    // and quotes work again once it is back
    const r = await quote(key, { from: "USDC", to: "WETH", amount: "100" });
    expect(r.status).toBe(200);
  });
});
