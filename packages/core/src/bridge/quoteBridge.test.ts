/**
 * What `quoteBridge` refuses before the bridge protocol is asked: a deposit this deployment could not verify end to
 * end (no RPC of the origin, to simulate it, or of the destination, to see it filled, expired or refunded). How the
 * protocol's refusals are answered (never a 500, and never a partner's fault when the refusal is about Sluice's key or
 * rate). And the quote's `id`: Sluice's own, whatever the protocol's answer carries, so `/bridge/track` takes it back.
 * The protocol is the real client over a stand-in upstream; the origin chain a real node.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type PublicClient } from "viem";
import { startAnvil, type AnvilNode } from "@sluice/testkit";
import { chainById } from "../chains/chains.js";
import { createAcrossClient, type AcrossClient } from "./across/createAcrossClient.js";
import { FIXTURE_NOW, fixtureCases, fixtureFeeRecipient, fixtureIntegratorId, fixtureUser } from "./across/fixtures/acrossFixtureCases.js";
import { bridgeTokens } from "./bridgeTokens.js";
import { BRIDGE_QUOTE_ID_MAX_LENGTH, quoteBridge } from "./quoteBridge.js";

const BASE = 8453;
const ARBITRUM = 42161;
const usdc = (chainId: number) => bridgeTokens(chainId).find((t) => t.symbol === "USDC")!;

describe("quoteBridge", () => {
  const asked: string[] = [];
  const across: AcrossClient = {
    swapApproval: async () => { asked.push("swapApproval"); throw new Error("not reached"); },
    depositStatus: async () => { asked.push("depositStatus"); return null; },
  };
  // Never called: both refusals come before any chain read.
  const unreachable = createPublicClient({ transport: http("http://127.0.0.1:9") }) as PublicClient;
  const request = {
    originChainId: BASE, destinationChainId: ARBITRUM, inputToken: usdc(BASE), outputToken: usdc(ARBITRUM), amount: 1_000_000n,
    tradeType: "exactInput" as const, depositor: "0x1111111111111111111111111111111111111111" as const, slippage: "auto" as const,
  };
  const quote = (o: { originClient?: PublicClient; destinationServed: boolean }) =>
    quoteBridge({ request, across, feeRecipient: "0x2222222222222222222222222222222222222222", integratorId: "0x0001", ...o });

  it("a destination this deployment does not reach → UNSUPPORTED_CHAIN naming destinationChainId; the protocol is not asked", async () => {
    await expect(quote({ originClient: unreachable, destinationServed: false })).rejects.toMatchObject({
      code: "UNSUPPORTED_CHAIN", message: expect.stringMatching(/^destinationChainId: bridging to chain 42161 is not available/),
    });
    expect(asked).toEqual([]);
  });

  it("an origin this deployment does not reach → UNSUPPORTED_CHAIN naming originChainId; the protocol is not asked", async () => {
    await expect(quote({ destinationServed: true })).rejects.toMatchObject({
      code: "UNSUPPORTED_CHAIN", message: expect.stringMatching(/^originChainId: bridging from chain 8453 is not available/),
    });
    expect(asked).toEqual([]);
  });
});

/** The real Across client, its upstream answering every request with `status` and `body`. */
const upstream = (status: number, body: string) => createAcrossClient({
  baseUrl: "http://across.test", apiKey: "k", integratorId: fixtureIntegratorId, feeRecipient: fixtureFeeRecipient, timeoutMs: 500,
  fetch: (async () => new Response(body, { status })) as typeof fetch,
});

describe("quoteBridge: the bridge protocol's refusals", () => {
  // Never called: a request naming its recipient reads no chain before the protocol answers.
  const unreachable = createPublicClient({ transport: http("http://127.0.0.1:9") }) as PublicClient;
  const request = {
    originChainId: BASE, destinationChainId: ARBITRUM, inputToken: usdc(BASE), outputToken: usdc(ARBITRUM), amount: 1_000_000n,
    tradeType: "exactInput" as const, depositor: fixtureUser, recipient: fixtureUser, slippage: "auto" as const,
  };

  it.each<[number, Record<string, string>, string]>([
    // About Sluice's own standing with the protocol (its key, its rate): never the partner's request, whatever the code.
    [401, { code: "INVALID_API_TOKEN", message: "bad key" }, "UPSTREAM_ERROR"],
    [403, { code: "ROUTE_FORBIDDEN", message: "key not allowed" }, "UPSTREAM_ERROR"],
    [429, { message: "slow down", param: "amount" }, "UPSTREAM_ERROR"],
    // About the request: a route the protocol does not serve, an amount out of its bounds; else its own failure.
    [400, { code: "ROUTE_NOT_ENABLED", message: "no route" }, "UNSUPPORTED_TOKEN"],
    [400, { code: "AMOUNT_TOO_LOW", message: "too low", param: "amount" }, "MALFORMED_REQUEST"],
    [400, { code: "SIMULATION_ERROR", message: "reverted" }, "UPSTREAM_ERROR"],
  ])("HTTP %i %j → %s", async (status, body, code) => {
    const error = await quoteBridge({
      request, across: upstream(status, JSON.stringify(body)), feeRecipient: fixtureFeeRecipient, integratorId: fixtureIntegratorId,
      originClient: unreachable, destinationServed: true,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code });
    expect((error as Error).message).not.toMatch(/bad key|not allowed|slow down|no route|too low|reverted/);
  });
});

describe("quoteBridge: the quote's id", () => {
  const BASE_USDC = usdc(BASE).address;
  let anvil: AnvilNode;
  let originClient: PublicClient;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: BASE, port: 0 });
    originClient = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
    // The input token answers every call with one zero word (allowance 0, balance 0, approve "succeeds"); the SpokePool
    // has no code, so the deposit's call succeeds: Sluice's own simulation passes on this bare node.
    await originClient.request({ method: "anvil_setCode" as never, params: [BASE_USDC, "0x60205ff3"] as never });
    expect(chainById(BASE)!.spokePool).toBeDefined();
  }, 60_000);
  afterAll(async () => anvil?.stop());

  const fixture = fixtureCases.find((c) => c.name === "exactInput-usdc-fees")!;
  const answer = JSON.parse(readFileSync(new URL("./across/fixtures/exactInput-usdc-fees.json", import.meta.url), "utf8")) as Record<string, unknown>;
  const quoteWithUpstreamId = (id: unknown) => quoteBridge({
    request: {
      originChainId: fixture.request.originChainId, destinationChainId: fixture.request.destinationChainId, inputToken: usdc(BASE), outputToken: usdc(ARBITRUM),
      amount: fixture.request.amount, tradeType: fixture.request.tradeType, depositor: fixtureUser, recipient: fixtureUser, slippage: "auto",
    },
    across: upstream(200, JSON.stringify(id === undefined ? answer : { ...answer, id })), feeRecipient: fixtureFeeRecipient, integratorId: fixtureIntegratorId,
    originClient, destinationServed: true, nowSeconds: () => FIXTURE_NOW,
  });

  it("is Sluice's own, within what /bridge/track takes back, whatever id (none, empty, 5,000 characters) the protocol answered", async () => {
    const ids = new Set<string>();
    for (const id of [undefined, "", "q".repeat(5_000), "across-quote-1"]) {
      const quote = await quoteWithUpstreamId(id);
      expect(quote.id).not.toBe(id);
      expect(quote.id.length).toBeGreaterThanOrEqual(1);
      expect(quote.id.length).toBeLessThanOrEqual(BRIDGE_QUOTE_ID_MAX_LENGTH);
      ids.add(quote.id);
    }
    expect(BRIDGE_QUOTE_ID_MAX_LENGTH).toBe(200);
    // One per quote.
    expect(ids.size).toBe(4);
  });
});
