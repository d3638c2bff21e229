import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http, type Address, type PublicClient } from "viem";
import { makeV3Pool, oddTokensScenario, startQuotingTestbed, startTestRedis, type QuotingTestbed, type TestRedis } from "@sluice/testkit";
import { indexPoolsByToken, type ChainGraph } from "../../indexer/graphTypes.js";
import { getSqrtRatioAtTick } from "../../pools/v3/math/getSqrtRatioAtTick.js";
import { V2Pool } from "../../pools/v2/v2Pool.js";
import { loadGraph } from "../../indexer/loadGraph.js";
import { staticTokenQuality } from "../../indexer/tokenQuality.js";
import { quoteSwap } from "../../quoting/quoteSwap.js";
import { SluiceError } from "../../errors/SluiceError.js";
import { tokenListFromGraph } from "../tokenListFromGraph.js";
import { detectTokenBehaviour } from "./detectTokenBehaviour.js";
import { readTokenBehaviours } from "./readTokenBehaviours.js";
import { refreshTokenBehaviours } from "./refreshTokenBehaviours.js";

let bed: QuotingTestbed;
let store: TestRedis;
let graph: ChainGraph;

beforeAll(async () => {
  [bed, store] = await Promise.all([startQuotingTestbed(oddTokensScenario), startTestRedis()]);
  graph = await loadGraph(bed.source);
}, 120_000);
afterAll(async () => {
  await bed?.stop();
  await store?.close();
});

const detect = (symbol: string) => detectTokenBehaviour({ client: bed.client, graph, token: bed.token(symbol) });
const quote = (from: string, to: string, amount: string, withRule = true) => quoteSwap({
  chain: "base", deployment: bed.source.deployment, source: bed.source, routingGraphs: bed.routingGraphs,
  from: { token: from }, to: { token: to }, amount, withPermit: false, ...(withRule ? { tokenBehaviour: { redis: store.redis } } : {}),
});
const refusal = async (work: Promise<unknown>): Promise<SluiceError> => {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SluiceError);
  return error as SluiceError;
};

describe("detectTokenBehaviour on the devnet's latest state", () => {
  it("finds standard tokens standard (a DevnetToken through its V2 pair, WETH9, the curated USDC)", async () => {
    for (const symbol of ["STD", "WETH", "USDC", "TAIL"]) expect((await detect(symbol)).behaviour, symbol).toBe("standard");
  });

  it("finds a fee-on-transfer token through a V2 flash swap and through a V3 flash", async () => {
    const v2 = await detect("FOT");
    expect(v2.behaviour).toBe("fee-on-transfer");
    expect(v2.detail).toMatch(/received from the pool/);
    expect((await detect("FOT3")).behaviour).toBe("fee-on-transfer");
  });

  it("finds a paused token transfer-blocking", async () => {
    expect((await detect("BLOCK")).behaviour).toBe("transfer-blocking");
  });

  it("finds a rebased token rebasing (its pair holds more than its recorded reserve)", async () => {
    const record = await detect("REBASE");
    expect(record.behaviour).toBe("rebasing");
    expect(record.detail).toMatch(/more than its reserve/);
  });

  it("borrows from the pool holding the most of the token, not the one with the most raw liquidity nor a V2 pair of dust", async () => {
    // Beside FOT3's real WETH/FOT3 pool, two pools of an attacker's junk token (no contract at either address, so a
    // probe sent to them cannot tell): a V3 pool at an extreme price whose liquidity (1e32) dwarfs the real pool's
    // while it holds almost no FOT3, and a V2 pair holding 5,000 wei of it.
    const fot3 = bed.token("FOT3");
    const junk = "0x00000000000000000000000000000000000000ee" as Address;
    const [token0, token1] = junk < fot3 ? [junk, fot3] : [fot3, junk];
    const extreme = fot3 === token0 ? 800_000 : -800_000; // FOT3 is worth almost nothing of the junk token
    const highL = makeV3Pool({
      address: "0x00000000000000000000000000000000000000e1", token0, token1, fee: 100, tickSpacing: 1,
      sqrtPriceX96: getSqrtRatioAtTick(extreme), positions: [{ tickLower: extreme - 1, tickUpper: extreme + 1, liquidity: 10n ** 32n }],
    });
    const real = graph.poolsByToken.get(fot3)!.map((a) => graph.pools.get(a)!).find((pool) => pool.protocol === "uniswap-v3")!;
    expect(real.protocol === "uniswap-v3" && highL.liquidity > real.liquidity * 1000n).toBe(true);
    const dustPair = new V2Pool({
      address: "0x00000000000000000000000000000000000000e2", token0, token1,
      reserve0: token0 === fot3 ? 5_000n : 10n ** 30n, reserve1: token1 === fot3 ? 5_000n : 10n ** 30n,
    });
    for (const added of [[highL], [highL, dustPair]]) {
      const attacked: ChainGraph = { ...graph, pools: new Map([...graph.pools, ...added.map((pool) => [pool.address, pool] as const)]) };
      indexPoolsByToken(attacked);
      const record = await detectTokenBehaviour({ client: bed.client, graph: attacked, token: fot3 });
      expect(record.detail).toContain(real.address);
      expect(record.behaviour).toBe("fee-on-transfer");
    }
  });

  it("attack: finds honeypots that can be bought and moved between wallets but not sold (a transfer into a pool)", async () => {
    // Each lets the probe's buy and both wallet transfers through; only the sale leg sees them.
    const blocked = await detect("HONEY");
    expect(blocked.behaviour).toBe("transfer-blocking");
    expect(blocked.detail).toMatch(/a sale \(a transfer into the pool\) reverted/);
    for (const symbol of ["HONEYTAX", "HONEYTAX3"]) { // through a V2 flash swap and through a V3 flash
      const taxed = await detect(symbol);
      expect(taxed.behaviour, symbol).toBe("fee-on-transfer");
      expect(taxed.detail, symbol).toMatch(/credited to the pool on a sale/);
    }
  });

  it("attack: finds a honeypot that refuses sales only outside a bare simulation (tx.origin or tx.gasprice 0)", async () => {
    const record = await detect("HONEYLIVE");
    expect(record.behaviour).toBe("transfer-blocking");
    expect(record.detail).toMatch(/a sale/);
  });

  it("answers unknown for a token in no pool", async () => {
    expect((await detectTokenBehaviour({ client: bed.client, graph, token: "0x00000000000000000000000000000000000000aa" })).behaviour).toBe("unknown");
  });
});

describe("the behaviour rule (cron results in real Redis)", () => {
  it("the cron's step probes the routable tokens, stores them, and a second run finds nothing due", async () => {
    const first = await refreshTokenBehaviours({ redis: store.redis, client: bed.client, graph });
    expect(first.checked).toBe(graph.tokens.size);
    const stored = await readTokenBehaviours(store.redis, "base");
    const of = (symbol: string) => stored.get(bed.token(symbol))?.behaviour;
    expect([of("FOT"), of("FOT3"), of("BLOCK"), of("REBASE"), of("STD")]).toEqual(["fee-on-transfer", "fee-on-transfer", "transfer-blocking", "rebasing", "standard"]);
    expect([of("HONEY"), of("HONEYTAX"), of("HONEYTAX3"), of("HONEYLIVE")]).toEqual(["transfer-blocking", "fee-on-transfer", "fee-on-transfer", "transfer-blocking"]);
    expect((await refreshTokenBehaviours({ redis: store.redis, client: bed.client, graph })).checked).toBe(0);
  });

  it("the token list leaves every non-standard token out", async () => {
    const quality = staticTokenQuality({ base: Object.fromEntries(bed.manifest.tokens.map((t) => [t.address.toLowerCase(), t.quality])) });
    const list = await tokenListFromGraph(graph, quality, Date.now(), { redis: store.redis, client: bed.client });
    expect(list.tokens.map((t) => t.symbol).sort()).toEqual(["STD", "TAIL", "USDC", "WETH"]);
  });

  it("refuses a non-standard token as input or output, naming it and its behaviour", async () => {
    const fot = await refusal(quote("FOT", "WETH", "100"));
    expect(fot.code).toBe("UNSUPPORTED_TOKEN");
    expect(fot.message).toBe(`tokenIn ${bed.token("FOT")} (FOT) is a fee-on-transfer token; Sluice does not route it`);
    expect((await refusal(quote("WETH", "REBASE", "1"))).message).toMatch(/^tokenOut 0x[0-9a-f]{40} \(REBASE\) is a rebasing token/);
    expect((await refusal(quote("BLOCK", "WETH", "100"))).message).toMatch(/transfer-blocking token/);
    expect((await refusal(quote("WETH", "FOT3", "1"))).body.tokenBehaviour).toBe("fee-on-transfer");
    // A honeypot cannot be bought by address: whoever bought it could never sell it.
    for (const honeypot of ["HONEY", "HONEYTAX", "HONEYLIVE"]) expect((await refusal(quote("WETH", honeypot, "1"))).code, honeypot).toBe("UNSUPPORTED_TOKEN");
  });

  it("never hops through a fee-on-transfer token, even where it pays more on paper", async () => {
    const hops = (q: Awaited<ReturnType<typeof quote>>) => q.route.splits.flatMap((s) => s.hops.map((h) => h.tokenOut as Address));
    const unguarded = await quote("WETH", "TAIL", "1", false);
    expect(hops(unguarded)).toContain(bed.token("FOT")); // the attack surface: the best paper route goes through FOT
    const guarded = await quote("WETH", "TAIL", "1");
    expect(hops(guarded)).not.toContain(bed.token("FOT"));
    expect(hops(guarded)).toContain(bed.token("STD"));
  });

  it("checks an unchecked endpoint on first use", async () => {
    await store.redis.del("sluice:tokens:behaviour:v1:base");
    expect((await refusal(quote("FOT", "WETH", "100"))).message).toMatch(/fee-on-transfer/);
    expect((await readTokenBehaviours(store.redis, "base")).get(bed.token("FOT"))?.behaviour).toBe("fee-on-transfer");
  });

  it("a first-use check the chain's RPC does not answer is an outage (503), and stores nothing", async () => {
    await store.redis.del("sluice:tokens:behaviour:v1:base");
    // Only the probe reaches the node: the head and the pool refresh are given.
    const unreachable = createPublicClient({ transport: http("http://127.0.0.1:1", { retryCount: 0 }) }) as PublicClient;
    const failure = await refusal(quoteSwap({
      chain: "base", deployment: bed.source.deployment, source: { ...bed.source, client: unreachable }, routingGraphs: bed.routingGraphs,
      from: { token: "FOT" }, to: { token: "WETH" }, amount: "100", withPermit: false, tokenBehaviour: { redis: store.redis },
      head: async () => graph.block, refresh: async () => 0, deadlineMs: 5_000,
    }));
    expect(failure.code).toBe("DEPENDENCY_DOWN");
    expect(failure.message).toMatch(/base/);
    expect((await readTokenBehaviours(store.redis, "base")).has(bed.token("FOT"))).toBe(false);
  });
});
