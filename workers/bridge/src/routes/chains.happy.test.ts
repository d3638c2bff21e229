import { beforeAll, describe, expect, it } from "vitest";
import { call, createPartner } from "@sluice/testkit";

let key: string;
beforeAll(async () => {
  key = (await createPartner()).key;
});

describe("GET /api/v1/bridge/chains and /bridge/tokens", () => {
  it("lists the four chains with name, public RPC, explorer and logo", async () => {
    const response = await call("/api/v1/bridge/chains", { key });
    expect(response.status).toBe(200);
    expect(response.body.chains.map((c: { chainId: number }) => c.chainId).sort((a: number, b: number) => a - b)).toEqual([1, 137, 8453, 42161]);
    for (const chain of response.body.chains) {
      expect(Object.keys(chain).sort()).toEqual(["chainId", "explorerUrl", "logoUrl", "name", "publicRpcUrl"]);
    }
  });

  it("lists the curated bridgeable set of a chain", async () => {
    const response = await call("/api/v1/bridge/tokens?chainId=137", { key });
    expect(response.status).toBe(200);
    const symbols = response.body.tokens.map((t: { symbol: string }) => t.symbol);
    expect(symbols).toEqual(expect.arrayContaining(["USDC", "USDT", "DAI", "WETH", "WBTC"]));
    expect(symbols).not.toContain("WPOL"); // no counterpart on another chain
    expect(response.body.tokens[0]).toEqual({ chainId: 137, address: expect.stringMatching(/^0x/), symbol: expect.any(String), name: expect.any(String), decimals: expect.any(Number) });
  });

  it("refuses a missing, malformed or unsupported chain id", async () => {
    expect(await call("/api/v1/bridge/tokens", { key })).toMatchObject({ status: 400, body: { ok: false, code: "MALFORMED_REQUEST", error: expect.stringContaining("chainId") } });
    expect(await call("/api/v1/bridge/tokens?chainId=base", { key })).toMatchObject({ status: 400, body: { code: "MALFORMED_REQUEST" } });
    expect(await call("/api/v1/bridge/tokens?chainId=10", { key })).toMatchObject({ status: 400, body: { code: "UNSUPPORTED_CHAIN", error: expect.stringContaining("chainId") } });
  });
});
