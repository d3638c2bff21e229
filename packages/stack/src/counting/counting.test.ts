import { randomUUID } from "node:crypto";
import { Redis as UpstashRedis } from "@upstash/redis";
import { startAnvil, type AnvilNode } from "@sluice/devnet";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisRestBridge } from "../redisRestBridge/index.js";
import { createOperationCounter } from "./createOperationCounter.js";
import { diffOperationCounts } from "./diffOperationCounts.js";
import { startPgCountingProxy } from "./startPgCountingProxy.js";
import { startRpcCountingProxy } from "./startRpcCountingProxy.js";

// A logical database of the local Redis; the keys are random and deleted.
const REDIS_URL = "redis://127.0.0.1:6379/13";

describe("counting proxies count a known sequence exactly", () => {
  let anvil: AnvilNode;
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0, genesisTimestamp: 1_700_000_000 });
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it("RPC: every call of a JSON-RPC batch by method, each HTTP request one round trip, answers unchanged", async () => {
    const counter = createOperationCounter();
    const proxy = await startRpcCountingProxy({ target: anvil.rpcUrl, counter });
    try {
      const post = async (body: unknown) => (await fetch(proxy.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<any>;
      const one = await post({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
      expect(one.result).toBe("0x0");
      const batch = await post([
        { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
        { jsonrpc: "2.0", id: 2, method: "eth_blockNumber", params: [] },
        { jsonrpc: "2.0", id: 3, method: "eth_getBalance", params: ["0x0000000000000000000000000000000000000001", "latest"] },
      ]);
      expect(batch.map((r: { id: number }) => r.id).sort()).toEqual([1, 2, 3]);
      expect(counter.snapshot().rpc).toEqual({ total: 4, roundTrips: 2, byName: { eth_blockNumber: 2, eth_chainId: 1, eth_getBalance: 1 } });
    } finally {
      await proxy.close();
    }
  });
});

describe("Postgres counting proxy", () => {
  it("counts simple and extended-protocol statements by keyword, writes apart", async () => {
    const counter = createOperationCounter();
    const proxy = await startPgCountingProxy({ target: { host: "127.0.0.1", port: 5432 }, counter });
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` });
    try {
      await client.connect();
      await client.query("create temporary table counted (n int)"); // simple Query
      await client.query("begin");
      await client.query("insert into counted values ($1), ($2)", [1, 2]); // Parse/Bind/Execute
      await client.query({ name: "sum", text: "select sum(n) from counted where n > $1", values: [0] });
      const before = counter.snapshot();
      const named = await client.query({ name: "sum", text: "select sum(n) from counted where n > $1", values: [1] }); // Bind/Execute only
      expect(named.rows[0].sum).toBe("2");
      expect(diffOperationCounts(before, counter.snapshot()).postgres).toEqual({ total: 1, roundTrips: 0, byName: { select: 1 } });
      await client.query("update counted set n = n + 1 where n = $1", [2]);
      await client.query("commit");
      const counts = counter.snapshot();
      expect(counts.postgres).toEqual({ total: 7, roundTrips: 0, byName: { create: 1, begin: 1, insert: 1, select: 2, update: 1, commit: 1 } });
      expect(counts["postgres-writes"]).toEqual({ total: 2, roundTrips: 0, byName: { insert: 1, update: 1 } });
    } finally {
      await client.end().catch(() => {});
      await proxy.close();
    }
  });
});

describe("Redis REST bridge counting", () => {
  it("counts single commands, pipeline and transaction contents by name, and each request as a round trip", async () => {
    const counter = createOperationCounter();
    const bridge = await startRedisRestBridge({ redisUrl: REDIS_URL, counter });
    const redis = new UpstashRedis({ url: bridge.url, token: bridge.token, enableAutoPipelining: false });
    try {
      const [a, b] = [`counted:${randomUUID()}`, `counted:${randomUUID()}`];
      await redis.set(a, "1");
      await redis.get(a);
      await redis.pipeline().incr(b).incr(b).get(b).exec();
      await redis.multi().del(a).del(b).exec();
      expect(counter.snapshot().redis).toEqual({ total: 7, roundTrips: 4, byName: { SET: 1, GET: 2, INCR: 2, DEL: 2 } });
    } finally {
      await bridge.close();
    }
  });
});
