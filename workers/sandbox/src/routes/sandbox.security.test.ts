import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { permitTypedData } from "@sluice/core";
import { submitEncodedSwap } from "@sluice/core/client";
import {
  balanceOf, call, createPartner, describeAuthFailures, issueKey, newUser, query, reader, relayerNonces, solveBody,
  untilMinuteHasRoomFor, walletOf, type TestUser,
} from "@sluice/testkit";

const chain = "base" as const;
const quote = { from: "USDC", to: "WETH", amount: "100", chain: "base" };

// Sandbox keys only on the sandbox (a production key is one of the refused cases of each suite).
for (const path of ["/api/v1/account", "/api/v1/usage", "/api/v1/rebates", "/api/v1/webhooks"]) {
  describeAuthFailures({ method: "GET", path, environment: "sandbox", target: "sandbox" });
}
describeAuthFailures({ method: "POST", path: "/api/v1/route", body: quote, environment: "sandbox", target: "sandbox" });
describeAuthFailures({
  method: "POST", path: "/api/v1/solve", environment: "sandbox", target: "sandbox",
  body: {
    ...quote, amount: "25", user: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", signature: `0x${"11".repeat(65)}`,
    permit: { permitted: { token: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", amount: "25000000" }, nonce: "1", deadline: "9999999999" },
  },
});

describe("sandbox key separation", () => {
  it("a sandbox key is refused on production, a production key on the sandbox", async () => {
    const sandbox = await createPartner({ environment: "sandbox" });
    const production = await createPartner({ environment: "production" });
    for (const [key, target] of [[sandbox.key, "api"], [production.key, "sandbox"]] as const) {
      for (const path of ["/api/v1/account", "/api/v1/usage"]) {
        const response = await call(path, { key, target });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ ok: false, error: "Invalid or revoked API key" });
      }
      const routed = await call("/api/v1/route", { key, target, body: quote });
      expect(routed.status).toBe(401);
    }
  });

  it("the 301st request within a minute is limited (the pilot tier's 300 per minute)", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    await untilMinuteHasRoomFor(30_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < 30; batch++) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => call("/api/v1/account", { key: partner.key, target: "sandbox" })));
      statuses.push(...responses.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    const limited = await call("/api/v1/account", { key: partner.key, target: "sandbox" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("Invalid or revoked API key");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("300");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/** One account with a production key and a sandbox key. */
async function partnerWithBothKeys() {
  const production = await createPartner();
  const sandbox = await issueKey(production.slug, { environment: "sandbox" });
  return { accountId: production.accountId, productionKey: production.key, sandboxKey: sandbox.key };
}

/** A /route answer's permit signed as a plain PermitTransferFrom (same input, nonce and deadline; no witness). */
async function signPlain(user: TestUser, permit: { message: { nonce: string; deadline: string; spender: Address; permitted: { token: Address; amount: string } } }) {
  const message = {
    permitted: { token: permit.message.permitted.token, amount: BigInt(permit.message.permitted.amount) },
    nonce: BigInt(permit.message.nonce), deadline: BigInt(permit.message.deadline),
  };
  const signature = await walletOf(chain, user.account).signTypedData(permitTypedData({ chainId: 8453, spender: permit.message.spender, permit: message }));
  return { permit: { permitted: permit.message.permitted, nonce: permit.message.nonce, deadline: permit.message.deadline }, signature };
}

async function usageRows(accountId: string) {
  const [row] = await query(
    "select (select count(*)::int from usage_events where account_id = $1) as events, (select count(*)::int from encoded_swaps where account_id = $1) as encoded",
    [accountId]);
  return row;
}

describe("the sandbox leaves production's permits and volume alone", () => {
  it("a plain permit of a nonce the sandbox's /route issued binds no production solve: refused, nothing sent", async () => {
    const partner = await partnerWithBothKeys();
    const user = await newUser(chain, "USDC", "30");
    const quoted = await call("/api/v1/route", { key: partner.sandboxKey, target: "sandbox", body: { from: "USDC", to: "WETH", amount: "30", chain } });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const signed = await signPlain(user, quoted.body.permit);
    const noncesBefore = await relayerNonces(chain);
    const solved = await call("/api/v1/solve", { key: partner.productionKey, body: { from: "USDC", to: "WETH", amount: "30", chain, user: user.address, ...signed } });
    expect(solved.body, JSON.stringify(solved.body)).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(solved.body.error).toMatch(/was not issued by \/route to this account/);
    expect(await relayerNonces(chain)).toEqual(noncesBefore);
    expect(await balanceOf(chain, "USDC", user.address)).toBe(30_000_000n);
  });

  it("a plain permit of the sandbox's own /route answer is solved on the sandbox (a dry run), and production's nonce there too", async () => {
    const partner = await partnerWithBothKeys();
    const user = await newUser(chain, "USDC", "30");
    const quoted = await call("/api/v1/route", { key: partner.sandboxKey, target: "sandbox", body: { from: "USDC", to: "WETH", amount: "30", chain } });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const solved = await call("/api/v1/solve", {
      key: partner.sandboxKey, target: "sandbox", body: { from: "USDC", to: "WETH", amount: "30", chain, user: user.address, ...await signPlain(user, quoted.body.permit) },
    });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    expect(solved.body.transaction.txHash).toBeUndefined();
    // A production answer's nonce is unknown to the sandbox's /solve (each environment reads its own).
    const production = await call("/api/v1/route", { key: partner.productionKey, body: { from: "USDC", to: "WETH", amount: "30", chain } });
    expect(production.status, JSON.stringify(production.body)).toBe(200);
    const crossed = await call("/api/v1/solve", {
      key: partner.sandboxKey, target: "sandbox", body: { from: "USDC", to: "WETH", amount: "30", chain, user: user.address, ...await signPlain(user, production.body.permit) },
    });
    expect(crossed.body, JSON.stringify(crossed.body)).toMatchObject({ ok: false, code: "PERMIT_INVALID" });
    expect(await balanceOf(chain, "USDC", user.address)).toBe(30_000_000n);
  });

  it("a permit another account's sandbox key solved first is still sent gaslessly by the partner's production key", async () => {
    const partner = await createPartner();
    const other = await partnerWithBothKeys();
    const user = await newUser(chain, "USDC", "30");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const sandbox = await call("/api/v1/solve", { key: other.sandboxKey, target: "sandbox", body });
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    const sent = await call("/api/v1/solve", { key: partner.key, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.transaction.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await reader(chain).waitForTransactionReceipt({ hash: sent.body.transaction.txHash });
    expect(receipt.status).toBe("success");
  });

  it("calldata the sandbox encoded earns no production volume: the user sends it, production's /confirm answers NOT_FOUND", async () => {
    const partner = await partnerWithBothKeys();
    const user = await newUser(chain, "USDC", "30");
    const body = await solveBody({ chain, user, symbol: "USDC", amount: "30", to: "WETH" });
    const sandbox = await call("/api/v1/solve", { key: partner.sandboxKey, target: "sandbox", body });
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(200);
    const sent = await submitEncodedSwap(walletOf(chain, user.account), reader(chain), sandbox.body.transaction);
    expect(sent.status).toBe("success");
    const confirmed = await call("/api/v1/confirm", { key: partner.productionKey, body: { txHash: sent.txHash, chain } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(404);
    expect(confirmed.body).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await usageRows(partner.accountId)).toEqual({ events: 0, encoded: 0 });
  });
});
