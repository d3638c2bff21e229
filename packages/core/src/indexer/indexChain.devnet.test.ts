import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPublicClient, custom, erc20Abi, http, keccak256, parseAbi, toHex, type Address, type PublicClient } from "viem";
import { quotingScenario, startLimitedRpcProxy, startQuotingTestbed, type QuotingTestbed } from "@sluice/testkit";
import { chains } from "../chains/chains.js";
import type { ChainGraph } from "./graphTypes.js";
import { createIndexBudget } from "./indexBudget.js";
import { indexChain, type IndexChainParameters } from "./indexChain.js";
import { staticTokenQuality } from "./tokenQuality.js";

let bed: QuotingTestbed;
beforeAll(async () => {
  bed = await startQuotingTestbed(quotingScenario);
});
afterAll(async () => bed?.stop());

const rpc = <T>(method: string, params: unknown[] = []) => bed.client.request({ method: method as never, params: params as never }) as Promise<T>;
const head = () => bed.client.getBlockNumber({ cacheTime: 0 });
const mine = (blocks = 1) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);
const lower = (a: string) => a.toLowerCase() as Address;

/** One indexing pass of the bed's chain with the deployment's factories (none given: a fresh index from block 0). */
function pass(graph: ChainGraph | null, extra: Partial<IndexChainParameters> = {}) {
  const m = bed.manifest;
  const quality = staticTokenQuality({ base: Object.fromEntries(m.tokens.map((t) => [t.address.toLowerCase(), t.quality])) });
  return indexChain({ chain: "base", chainId: 8453, client: bed.client, uniswapV2Factory: m.uniswapV2Factory, uniswapV3Factory: m.uniswapV3Factory, graph, quality, ...extra });
}

const v2FactoryAbi = parseAbi(["function createPair(address tokenA, address tokenB) returns (address pair)", "function getPair(address, address) view returns (address)"]);
const v2PairAbi = parseAbi([
  "function token0() view returns (address)", "function token1() view returns (address)",
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)",
]);

describe("a pool created in a block replaced by a reorganisation after the index read it", () => {
  it("the next pass still discovers it (the factories' creations of the last blocks are read again); a pass after it neither adds nor re-reads it", async () => {
    const { graph } = await pass(null);
    const tkb = bed.token("TKB");
    const tkc = bed.token("TKC");
    const factory = bed.manifest.uniswapV2Factory!;
    expect(await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: [tkb, tkc] })).toBe("0x0000000000000000000000000000000000000000");

    // The index reads block N as it first was (empty); a reorganisation replaces it with a block creating a pair.
    const before = await head();
    const snapshot = await rpc<string>("evm_snapshot");
    await mine();
    const first = await pass(graph);
    expect(first.toBlock).toBe(before + 1n);
    expect(await rpc<boolean>("evm_revert", [snapshot])).toBe(true);
    expect(await head()).toBe(before);
    const hash = await bed.user.writeContract({ address: factory, abi: v2FactoryAbi, functionName: "createPair", args: [tkb, tkc] });
    const receipt = await bed.client.waitForTransactionReceipt({ hash });
    expect(receipt.blockNumber).toBe(before + 1n); // block N again, now with the PairCreated
    const pair = lower(await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: [tkb, tkc] }));
    await mine();

    // The cursor is past N: only the rescan of the blocks already indexed can name the pair.
    expect(graph.block).toBe(before + 1n);
    expect(chains.base.confirmations).toBeGreaterThanOrEqual(3);
    const found = await pass(graph);
    expect(found.fromBlock).toBe(before + 2n);
    expect(graph.pools.has(pair) || graph.pending.has(pair)).toBe(true);
    expect(found.changedPools.has(pair)).toBe(true);
    const known = graph.pools.get(pair) ?? graph.pending.get(pair);
    expect(known).toMatchObject({ protocol: "uniswap-v2", token0: [tkb, tkc].sort()[0], token1: [tkb, tkc].sort()[1] });

    // The creation is still within the rescanned blocks: the known pool is left as it is.
    const pools = graph.pools.size + graph.pending.size;
    await mine();
    const again = await pass(graph);
    expect(again.fromBlock).toBe(before + 3n);
    expect(again.fromBlock - BigInt(chains.base.confirmations)).toBeLessThanOrEqual(before + 1n);
    expect(again.changedPools.has(pair)).toBe(false);
    expect(again.poolsRead).toBe(0);
    expect(graph.pools.size + graph.pending.size).toBe(pools);
    expect(graph.pools.get(pair) ?? graph.pending.get(pair)).toBe(known);
  });
});

/** A client of the bed's node whose logs lack `blockTimestamp` (as some providers answer), counting calls by method. */
function timelessClient() {
  const calls = new Map<string, number>();
  let stripped = 0;
  const client = createPublicClient({
    chain: bed.client.chain,
    transport: custom({
      async request({ method, params }) {
        calls.set(method, (calls.get(method) ?? 0) + 1);
        const result = await bed.client.request({ method, params } as never);
        if (method === "eth_getLogs") {
          for (const log of result as Record<string, unknown>[]) if (delete log.blockTimestamp) stripped++;
        }
        return result;
      },
    }, { retryCount: 0 }),
  }) as PublicClient;
  return { client, calls, stripped: () => stripped };
}

/** A swap on a V2 pair from the bed's user: a thousandth of the reserve of token0 in, half its worth of token1 out. */
async function swapV2(pair: Address): Promise<bigint> {
  const [token0, [reserve0, reserve1]] = await Promise.all([
    bed.client.readContract({ address: pair, abi: v2PairAbi, functionName: "token0" }),
    bed.client.readContract({ address: pair, abi: v2PairAbi, functionName: "getReserves" }),
  ]);
  const send = async (call: Parameters<typeof bed.user.writeContract>[0]) => {
    const receipt = await bed.client.waitForTransactionReceipt({ hash: await bed.user.writeContract(call) });
    expect(receipt.status).toBe("success");
    return receipt.blockNumber;
  };
  await send({ address: token0, abi: erc20Abi, functionName: "transfer", args: [pair, reserve0 / 1000n] } as never);
  return send({ address: pair, abi: v2PairAbi, functionName: "swap", args: [0n, reserve1 / 2000n, bed.user.account.address, "0x"] } as never);
}

describe("trade times when the node's logs lack blockTimestamp", () => {
  it("a pass whose trades' last blocks outnumber the cap reads only the cap's blocks (the oldest, exact); the rest are dated by the pass's last block", async () => {
    const { graph } = await pass(null);
    const v2 = bed.manifest.pools.filter((p) => p.protocol === "uniswap-v2").map((p) => lower(p.address));
    expect(v2.length).toBeGreaterThanOrEqual(4);
    // One swap a pair, each in a block of its own a minute after the last: each pair's tokens last trade there
    // (a token of two pairs, at the later one).
    const swapBlock = new Map<Address, bigint>();
    for (const pair of v2) {
      await rpc("evm_increaseTime", [60]);
      const block = await swapV2(pair);
      const [token0, token1] = await Promise.all(["token0", "token1"].map((f) => bed.client.readContract({ address: pair, abi: v2PairAbi, functionName: f as "token0" })));
      swapBlock.set(lower(token0!), block).set(lower(token1!), block);
    }
    await rpc("evm_increaseTime", [60]);
    await mine(); // the pass's last block holds no trade
    const distinct = [...new Set(swapBlock.values())].sort((a, b) => (a < b ? -1 : 1));
    const cap = 2;
    expect(distinct.length).toBeGreaterThan(cap);

    const timeless = timelessClient();
    const budget = createIndexBudget({ maxSubrequests: 1_000_000, maxMs: 600_000 });
    const result = await pass(graph, { client: timeless.client, budget, maxTradeTimeBlocks: cap });
    expect(timeless.stripped()).toBeGreaterThan(0);
    expect(result.toBlock).toBe(await head());
    // One block read for the pass's own time, and the cap's.
    expect(timeless.calls.get("eth_getBlockByNumber")).toBe(cap + 1);
    const requests = [...timeless.calls.values()].reduce((a, b) => a + b, 0);
    expect(requests).toBeLessThanOrEqual(budget.spent);

    const timeOf = async (b: bigint) => Number((await bed.client.getBlock({ blockNumber: b })).timestamp);
    const last = await timeOf(result.toBlock);
    for (const [token, block] of swapBlock) {
      const exact = await timeOf(block);
      const at = graph.tokens.get(token)?.lastTradeAt;
      expect(at, token).toBe(distinct.indexOf(block) < cap ? exact : last);
      expect(at!).toBeGreaterThanOrEqual(exact);
    }
  });
});

/**
 * Init code that emits `count` logs of an event's topic (64 zero bytes of data) and deploys nothing: anyone's junk
 * contract filling a block with, say, the topic of Uniswap V2's `Sync` at about 1,500 gas a log.
 * PUSH2 count; loop: LOG1(0, 64, topic); count -= 1; JUMPI loop.
 */
function junkEmitter(signature: string, count: number): `0x${string}` {
  const topic = keccak256(toHex(signature)).slice(2);
  return `0x61${count.toString(16).padStart(4, "0")}5b7f${topic}60406000a16001900380610003570` + "0" as `0x${string}`;
}

describe("a block its provider will not answer whole (topics only, an answer capped at 20 logs)", () => {
  it("is read one event at a time: the flooded event is skipped and named, creations asked of the factories only; a new pair and a real swap in that block are still indexed", async () => {
    const { graph } = await pass(null);
    const tokens = bed.manifest.tokens.map((t) => lower(t.address));
    const factory = bed.manifest.uniswapV2Factory!;
    // Two tokens without a V2 pair yet, and a pair the index holds.
    let unpaired: [Address, Address] | undefined;
    for (const a of tokens) for (const b of tokens) {
      if (unpaired || a >= b) continue;
      const existing = await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: [a, b] });
      if (/^0x0{40}$/.test(existing)) unpaired = [a, b];
    }
    expect(unpaired).toBeDefined();
    const traded = lower(bed.manifest.pools.find((p) => p.protocol === "uniswap-v2")!.address);
    expect(graph.pools.has(traded)).toBe(true);
    const [token0, [reserve0, reserve1]] = await Promise.all([
      bed.client.readContract({ address: traded, abi: v2PairAbi, functionName: "token0" }),
      bed.client.readContract({ address: traded, abi: v2PairAbi, functionName: "getReserves" }),
    ]);

    // One block: 60 junk Sync logs, 30 forged PairCreated topics, the pair's creation, and a real swap (its Sync and Swap).
    await rpc("evm_setAutomine", [false]);
    try {
      let nonce = await bed.client.getTransactionCount({ address: bed.user.account.address, blockTag: "pending" });
      const hashes = [
        await bed.user.sendTransaction({ data: junkEmitter("Sync(uint112,uint112)", 60), gas: 1_000_000n, nonce: nonce++ } as never),
        await bed.user.sendTransaction({ data: junkEmitter("PairCreated(address,address,address,uint256)", 30), gas: 1_000_000n, nonce: nonce++ } as never),
        await bed.user.writeContract({ address: factory, abi: v2FactoryAbi, functionName: "createPair", args: unpaired!, gas: 5_000_000n, nonce: nonce++ } as never),
        await bed.user.writeContract({ address: token0, abi: erc20Abi, functionName: "transfer", args: [traded, reserve0 / 1000n], gas: 200_000n, nonce: nonce++ } as never),
        await bed.user.writeContract({ address: traded, abi: v2PairAbi, functionName: "swap", args: [0n, reserve1 / 2000n, bed.user.account.address, "0x"], gas: 300_000n, nonce: nonce++ } as never),
      ];
      await mine();
      const receipts = await Promise.all(hashes.map((hash) => bed.client.waitForTransactionReceipt({ hash })));
      expect(receipts.map((r) => r.status)).toEqual(["success", "success", "success", "success", "success"]);
      expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1);
      expect(receipts.slice(0, 2).map((r) => r.logs.length)).toEqual([60, 30]);
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    const busyBlock = await head();
    const pair = lower(await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: unpaired! }));

    const proxy = await startLimitedRpcProxy({ target: bed.manifest.rpcUrl, maxResults: 20, capOneBlock: true });
    const warnings: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((line: string) => { warnings.push(line); });
    try {
      const client = createPublicClient({ chain: bed.client.chain, transport: http(proxy.url, { retryCount: 0 }) }) as PublicClient;
      // Topics only, as on a chain whose pools are too many to name in a filter.
      const result = await pass(graph, { client, maxAddressFilter: 0, span: 1n });
      expect(proxy.getLogs.some((g) => g.span === 1 && !g.answered)).toBe(true);
      expect(result.toBlock).toBe(busyBlock);
      expect(graph.pools.has(pair) || graph.pending.has(pair)).toBe(true);
      expect(result.changedPools.has(traded)).toBe(true);
      const [r0, r1] = await bed.client.readContract({ address: traded, abi: v2PairAbi, functionName: "getReserves" });
      expect(graph.pools.get(traded)).toMatchObject({ reserve0: r0, reserve1: r1 });
      const skipped = warnings.map((w) => JSON.parse(w) as Record<string, string>).filter((w) => w.event === "indexer: a block's events too many to read");
      expect(skipped).toEqual([expect.objectContaining({ chain: "base", block: String(busyBlock), events: "Sync" })]);
    } finally {
      warn.mockRestore();
      await proxy.close();
    }
  });
});

describe("pools created faster than a pass reads them", () => {
  it("an incremental pass discovers at most maxNewPools, ending at the last whole block within them; the next passes go on from there", async () => {
    const { graph } = await pass(null);
    const tokens = bed.manifest.tokens.map((t) => lower(t.address));
    const factory = bed.manifest.uniswapV2Factory!;
    const unpaired: [Address, Address][] = [];
    for (const a of tokens) for (const b of tokens) {
      if (a >= b || unpaired.length >= 5) continue;
      const existing = await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: [a, b] });
      if (/^0x0{40}$/.test(existing)) unpaired.push([a, b]);
    }
    expect(unpaired).toHaveLength(5);
    // Five pairs, one a block.
    const created: { pair: Address; block: bigint }[] = [];
    for (const tokensOf of unpaired) {
      const receipt = await bed.client.waitForTransactionReceipt({ hash: await bed.user.writeContract({ address: factory, abi: v2FactoryAbi, functionName: "createPair", args: tokensOf }) });
      created.push({ pair: lower(await bed.client.readContract({ address: factory, abi: v2FactoryAbi, functionName: "getPair", args: tokensOf })), block: receipt.blockNumber });
    }
    await mine();
    const known = (pair: Address) => graph.pools.has(pair) || graph.pending.has(pair);

    const first = await pass(graph, { maxNewPools: 2 });
    expect(first.toBlock).toBe(created[2]!.block - 1n); // the third creation's block is the next pass's
    expect(created.map((c) => known(c.pair))).toEqual([true, true, false, false, false]);
    const second = await pass(graph, { maxNewPools: 2 });
    expect(second.fromBlock).toBe(created[2]!.block);
    expect(created.map((c) => known(c.pair))).toEqual([true, true, true, true, false]);
    const third = await pass(graph, { maxNewPools: 2 });
    expect(third.toBlock).toBe(await head());
    expect(created.every((c) => known(c.pair))).toBe(true);
  });
});
