import { describe, expect, it } from "vitest";
import { erc20Abi, parseUnits } from "viem";
import { PERMIT2_ADDRESS } from "@sluice/core";
import {
  call, createPartner, faults, manifestChain, newUser, reader, relayerNonces, solveBody, token, walletOf, withOutage,
} from "@sluice/testkit";

const chain = "base" as const;

async function expectRefused(body: unknown, code: string, message: RegExp, key?: string) {
  const partner = key ?? (await createPartner()).key;
  const before = await relayerNonces(chain);
  const response = await call("/api/v1/solve", { key: partner, body });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ ok: false, code });
  expect(response.body.error).toMatch(message);
  expect(response.body.computeMs).toEqual(expect.any(Number));
  expect(await relayerNonces(chain)).toEqual(before); // nothing sent
  return response;
}

describe("POST /api/v1/solve — fields of the wrong type say what they are", () => {
  it.each([
    [{ slippageBps: 1.5 }, /^slippageBps: .*got a number with a fraction \(1\.5\)$/],
    [{ dryRun: "yes" }, /^dryRun: must be true or false, got a string \("yes"\)$/],
    [{ amount: 30 }, /^amount: .*got a number \(30\)$/],
  ])("%j", async (change, message) => {
    const user = await newUser(chain, "USDC", "30");
    const body = { ...(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" })), ...change };
    const response = await call("/api/v1/solve", { key: (await createPartner()).key, body });
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toMatch(message);
  });
});

describe("POST /api/v1/solve — amount: the one rule /route applies too", () => {
  it.each([".5", "1.", " 30", "30 ", "+30", `1.${"0".repeat(37)}`])("refuses %j as /route does, 400 naming amount", async (amount) => {
    const user = await newUser(chain, "USDC", "30");
    const body = { ...(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" })), amount };
    const response = await call("/api/v1/solve", { key: (await createPartner()).key, body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST", error: expect.stringMatching(/^amount: must be a decimal number in token units/) });
  });

  it("a negative amount says so, in /route's words", async () => {
    const user = await newUser(chain, "USDC", "30");
    const body = { ...(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" })), amount: "-30" };
    const response = await call("/api/v1/solve", { key: (await createPartner()).key, body });
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST", error: "amount: must not be negative" });
  });
});

describe("POST /api/v1/solve — permit failures, each with its own message", () => {
  // The interface's "65-byte hex": any other length (64-byte EIP-2098 compact too: Sluice recovers only (r, s, v)) is a
  // malformed request naming the field, refused by the schema before anything is read.
  it.each([
    ["64 bytes", (s: string) => s.slice(0, 130), /^signature: must be a 65-byte signature \(r, s, v\): 0x and 130 hex digits, got 128$/],
    ["66 bytes", (s: string) => `${s}00`, /got 132$/],
    ["an odd length", (s: string) => s.slice(0, 131), /got 129$/],
    ["empty", () => "0x", /got 0$/],
    ["not hex", (s: string) => `${s.slice(0, 130)}zz`, /^signature: must be 0x-prefixed hex/],
  ])("a signature that is %s: 400 naming it", async (_name, change, message) => {
    const user = await newUser(chain, "USDC", "30");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const response = await expectRefused({ ...body, signature: change(body.signature) }, "MALFORMED_REQUEST", message);
    expect(response.status).toBe(400);
  });

  it("signed by another wallet than user", async () => {
    const [user, other] = [await newUser(chain, "USDC", "30"), await newUser(chain, "USDC", "1")];
    const body = await solveBody({ chain, user: other, symbol: "USDC", amount: "30", to: "WETH" });
    await expectRefused({ ...body, user: user.address }, "PERMIT_INVALID", /does not recover to user/);
  });

  it("signed for another chain", async () => {
    const user = await newUser(chain, "USDC", "30");
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", chainId: 42161 }),
      "PERMIT_INVALID", /signed for chain id 42161, not chain id 8453/);
  });

  it("signed for another spender than the executor", async () => {
    const user = await newUser(chain, "USDC", "30");
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", spender: manifestChain(chain).relayers[0] }),
      "PERMIT_INVALID", /another spender than this chain's executor/);
  });

  it("a permit for another token than the input", async () => {
    const user = await newUser(chain, "USDC", "30");
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", token: token(chain, "DAI").address }),
      "PERMIT_INVALID", /is not the input token/);
  });

  it("a permit amount that does not cover the input", async () => {
    const user = await newUser(chain, "USDC", "30");
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", amountRaw: parseUnits("29", 6) }),
      "PERMIT_INVALID", /does not cover the input amount/);
  });

  it("a deadline that has passed", async () => {
    const user = await newUser(chain, "USDC", "30");
    const now = (await reader(chain).getBlock()).timestamp;
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", deadline: now - 1n }),
      "PERMIT_INVALID", /deadline .* has passed/);
  });

  it("a deadline too close to be met: the relayer's transaction would be mined after it and revert", async () => {
    const user = await newUser(chain, "USDC", "30");
    const now = (await reader(chain).getBlock()).timestamp;
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", deadline: now + 5n }),
      "PERMIT_INVALID", /deadline .* is \d+ s after chain time .* needs at least 30 s/);
  });

  it("a deadline more than 30 days away: the permit's claims could not outlive it", async () => {
    const user = await newUser(chain, "USDC", "30");
    const now = (await reader(chain).getBlock()).timestamp;
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH", deadline: now + 31n * 86_400n }),
      "PERMIT_INVALID", /deadline .* is \d+ s after chain time .* at most 2592000 s \(30 days\)/);
  });

  it("too small a balance", async () => {
    const user = await newUser(chain, "USDC", "21");
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }), "PERMIT_INVALID", /Insufficient balance/);
  });

  it("no Permit2 approval yet, said plainly with the fix", async () => {
    const user = await newUser(chain, "USDC", "30", { approve: false });
    const response = await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }), "PERMIT_INVALID", /Permit2 is not approved for USDC/);
    expect(response.body.error).toContain(PERMIT2_ADDRESS);
  });

  it("too low a Permit2 allowance", async () => {
    const user = await newUser(chain, "USDC", "30", { approve: false });
    const hash = await walletOf(chain, user.account).writeContract({ address: token(chain, "USDC").address, abi: erc20Abi, functionName: "approve", args: [PERMIT2_ADDRESS, 5n] });
    await reader(chain).waitForTransactionReceipt({ hash });
    await expectRefused(await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" }), "PERMIT_INVALID", /allowance too low/);
  });

  it("a replayed permit: the nonce is spent once mined, refused before anything is sent", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "60");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const first = await call("/api/v1/solve", { key: partner.key, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await reader(chain).waitForTransactionReceipt({ hash: first.body.transaction.txHash });
    // The same account retrying (its first answer lost) is told which transaction spent it; another account is not.
    const retried = await expectRefused(body, "PERMIT_INVALID", /nonce .* was already used.*an earlier solve of this account sent it as transaction 0x/, partner.key);
    expect(retried.body.txHash).toBe(first.body.transaction.txHash.toLowerCase());
    const other = await expectRefused(body, "PERMIT_INVALID", /nonce .* was already used/, (await createPartner()).key);
    expect(other.body.txHash).toBeUndefined();
    expect(other.body.error).not.toMatch(/0x[0-9a-f]{64}/);
  });

  it("the same permit twice at once: one is sent, the other refused (claimed on owner and nonce)", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "60");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const answers = await Promise.all([1, 2].map(() => call("/api/v1/solve", { key: partner.key, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error).toMatch(/nonce .* (already being spent|already used)/);
  });
});

describe("POST /api/v1/solve — other refusals", () => {
  it("bad input answers 400 naming the field, never 500", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "1");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "1", to: "WETH" });
    for (const [patch, field] of [
      [{ user: "0x123" }, /user/], [{ chain: "solana" }, /chain/], [{ amount: "-1" }, /amount/],
      [{ permit: { ...body.permit, nonce: "x" } }, /nonce/], [{ signature: "zz" }, /signature/], [{ slippageBps: 10001 }, /slippageBps/],
      [{ extra: 1 }, /extra/],
    ] as const) {
      const response = await call("/api/v1/solve", { key: partner.key, body: { ...body, ...patch } });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error).toMatch(field);
    }
    const noSignature = await call("/api/v1/solve", { key: partner.key, body: { ...body, signature: undefined } });
    expect(noSignature.body.error).toMatch(/signature: is required/);
  });

  it("price impact above 500 bps", async () => {
    const user = await newUser(chain, "THIN", "100");
    await expectRefused(await solveBody({ chain, user, symbol: "THIN", amount: "100", to: "WETH" }), "PRICE_IMPACT_TOO_HIGH", /^Price impact too high/);
  });
});

describe("POST /api/v1/solve — usage while Postgres is briefly down", () => {
  it("a gasless solve still goes out and its event is recorded once when Postgres is back", async () => {
    const partner = await createPartner();
    const user = await newUser(chain, "USDC", "30");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    await call("/api/v1/solve", { key: partner.key, body: {} }); // the key is cached, as in production
    const response = await withOutage(faults.postgres, () => call("/api/v1/solve", { key: partner.key, body }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.transaction.txHash).toMatch(/^0x/);
    // The event waits in the recorder's outbox; the next recording with Postgres up drains it.
    const other = await newUser(chain, "USDC", "30");
    const dry = await call("/api/v1/solve", { key: partner.key, body: await solveBody({ chain, user: other, symbol: "USDC", amount: "30", to: "WETH", dryRun: true }) });
    expect(dry.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const usage = await call("/api/v1/usage?event_type=solve", { key: partner.key });
    const executed = usage.body.events.filter((e: { is_dry_run: boolean }) => !e.is_dry_run);
    expect(executed).toHaveLength(1);
    expect(usage.body.events).toHaveLength(2);
  });
});
