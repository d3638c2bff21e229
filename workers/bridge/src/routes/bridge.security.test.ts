import { describe, expect, it } from "vitest";
import { ARBITRUM, BASE, call, describeAuthFailures, quoteBody, bridgeToken } from "@sluice/testkit";

// Every bridge route needs a key (interface §5.5: only /tokens and the sandbox's /health are keyless).
const someone = "0x3333333333333333333333333333333333333333";
describeAuthFailures({ method: "POST", path: "/api/v1/bridge/quote", body: quoteBody(someone), environment: "production" });
describeAuthFailures({ method: "GET", path: `/api/v1/bridge/status?depositTxnRef=0x${"cd".repeat(32)}`, environment: "production" });
describeAuthFailures({
  method: "POST", path: "/api/v1/bridge/track", environment: "production",
  body: {
    originChainId: BASE, destinationChainId: ARBITRUM, depositor: someone, recipient: someone,
    inputToken: bridgeToken(BASE, "USDC"), outputToken: bridgeToken(ARBITRUM, "USDC"), amountInRaw: "1", expectedOutRaw: "1",
    originTxHash: `0x${"ef".repeat(32)}`,
  },
});

describeAuthFailures({ method: "GET", path: "/api/v1/bridge/chains", environment: "production" });
describeAuthFailures({ method: "GET", path: "/api/v1/bridge/tokens?chainId=1", environment: "production" });

describe("OpenAPI document", () => {
  it("documents every bridge route and every bridge error code", async () => {
    const document = (await call("/api/v1/openapi.json")).body;
    const describe = (path: string, method: string) => JSON.stringify(Object.entries(document.paths[path][method].responses)
      .filter(([status]) => status !== "200").map(([, r]) => (r as { description: string }).description));
    const quoteErrors = describe("/api/v1/bridge/quote", "post");
    for (const code of ["MALFORMED_REQUEST", "UNSUPPORTED_CHAIN", "UNSUPPORTED_TOKEN", "QUOTE_EXPIRED", "SIMULATION_FAILED", "UPSTREAM_ERROR", "UNAUTHORIZED", "RATE_LIMITED"]) {
      expect(quoteErrors).toContain(code);
    }
    expect(describe("/api/v1/bridge/status", "get")).toContain("NOT_FOUND");
    expect(describe("/api/v1/bridge/track", "post")).toContain("NOT_FOUND");
    expect(describe("/api/v1/bridge/tokens", "get")).toContain("UNSUPPORTED_CHAIN");
    expect(document.paths["/api/v1/bridge/chains"].get.security).toEqual([{ ApiKey: [] }]);
    expect(document.paths["/api/v1/bridge/tokens"].get.security).toEqual([{ ApiKey: [] }]);
    expect(document.paths["/api/v1/bridge/quote"].post.security).toEqual([{ ApiKey: [] }]);
  });
});
