/**
 * While Postgres is down, events wait in Redis by what they are worth: solves (money) in the durable usage outbox,
 * quotes (no money) in a bounded outbox of their own, so a flood of quotes can neither fill the key solves need nor
 * delay them once Postgres is back. Real PostgreSQL (behind a proxy the test cuts) and Redis (Upstash REST).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTcpProxy, startTestDatabase, startTestRedis, type TcpProxy, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { createDb, type CreateDbReturnType } from "../db/createDb.js";
import { newId } from "../ids/newId.js";
import type { Redis } from "../redis/createRedis.js";
import { redisKeys } from "../redis/redisKeys.js";
import { drainUsageOutbox } from "./drainUsageOutbox.js";
import { drainUsageOutboxIfPending } from "./drainUsageOutboxIfPending.js";
import { storeUsageEvents } from "./storeUsageEvents.js";
import type { UsageEventInput } from "./usageEventInput.js";

let database: TestDatabase;
let redis: Redis;
let closeRedis: () => Promise<void>;
let proxy: TcpProxy;
let proxied: CreateDbReturnType;
let accountId: string;

beforeAll(async () => {
  let started;
  [database, started] = await Promise.all([startTestDatabase("sluice_store"), startTestRedis()]);
  ({ redis, close: closeRedis } = started);
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  proxied = createDb({ url: Object.assign(new URL(database.url), { port: String(proxy.port) }).toString() });
  accountId = (await createAccount(database.db, { slug: "store", name: "store" })).id;
});
afterAll(async () => {
  await proxied?.close().catch(() => {});
  await proxy?.close();
  await Promise.all([database?.drop(), closeRedis?.()]);
});
beforeEach(async () => {
  proxy.up();
  await redis.del(redisKeys.usageOutbox, redisKeys.usageQuoteOutbox);
});

const quote = (): UsageEventInput => ({
  id: newId("evt"), accountId, apiKeyId: null, eventType: "route", chain: "base", volumeUsd: "12.5", isDryRun: false, isTest: false,
  occurredAt: new Date(),
});
const solve = (): UsageEventInput => ({
  id: newId("evt"), accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30.5", isDryRun: false, isTest: false,
  txHash: `0x${crypto.randomUUID().replace(/-/g, "").repeat(2)}`, outcome: "pending", occurredAt: new Date(),
});

async function rows(ids: string[]): Promise<number> {
  const client = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { n: number }[] }> } }).$client;
  return (await client.query("select count(*)::int as n from usage_events where id = any($1)", [ids])).rows[0]!.n;
}

describe("storeUsageEvents while Postgres is down", () => {
  it("a solve waits in the durable outbox, a quote only in the quotes' own", async () => {
    const [q, s] = [quote(), solve()];
    proxy.down();
    expect(await storeUsageEvents({ db: proxied.db, redis, events: [q, s] })).toEqual({ recorded: 0, duplicates: 0, deferred: 2 });
    expect(await redis.hexists(redisKeys.usageOutbox, q.id)).toBe(0);
    expect(await redis.hexists(redisKeys.usageOutbox, s.id)).toBe(1);
    expect(await redis.hexists(redisKeys.usageQuoteOutbox, q.id)).toBe(1);
    // A retry of the same batch takes no more room.
    expect(await storeUsageEvents({ db: proxied.db, redis, events: [q, s] })).toMatchObject({ deferred: 2 });
    expect([await redis.hlen(redisKeys.usageOutbox), await redis.hlen(redisKeys.usageQuoteOutbox)]).toEqual([1, 1]);
  });

  it("past their cap, quotes are dropped and counted; solves are still kept", async () => {
    const quotes = Array.from({ length: 8 }, quote);
    const solves = [solve(), solve()];
    proxy.down();
    expect(await storeUsageEvents({ db: proxied.db, redis, events: quotes.slice(0, 4), quoteOutboxCap: 5 }))
      .toEqual({ recorded: 0, duplicates: 0, deferred: 4 });
    // Two of the kept quotes again (a retry) and four new ones: one new one fits.
    expect(await storeUsageEvents({ db: proxied.db, redis, events: [...quotes.slice(2), ...solves], quoteOutboxCap: 5 }))
      .toEqual({ recorded: 0, duplicates: 0, deferred: 5, dropped: 3 });
    expect(await redis.hlen(redisKeys.usageQuoteOutbox)).toBe(5);
    expect(await redis.hlen(redisKeys.usageOutbox)).toBe(2);
    for (const q of quotes) expect(await redis.hexists(redisKeys.usageOutbox, q.id)).toBe(0);
  });

  it("once Postgres is back, the solves are drained first and alone; the quotes after them", async () => {
    const quotes = Array.from({ length: 3 }, quote);
    const solves = Array.from({ length: 3 }, solve);
    proxy.down();
    await storeUsageEvents({ db: proxied.db, redis, events: [...quotes, ...solves] });
    proxy.up();
    expect(await drainUsageOutbox({ db: database.db, redis, maxBatches: 1 })).toMatchObject({ drained: 3, inserted: 3 });
    expect(await rows(solves.map((e) => e.id))).toBe(3);
    expect(await rows(quotes.map((e) => e.id))).toBe(0);
    // With only quotes left, a drain that runs when something waits still finds them.
    expect(await drainUsageOutboxIfPending({ db: database.db, redis })).toMatchObject({ drained: 3, inserted: 3 });
    expect(await rows(quotes.map((e) => e.id))).toBe(3);
    expect([await redis.hlen(redisKeys.usageOutbox), await redis.hlen(redisKeys.usageQuoteOutbox)]).toEqual([0, 0]);
  });
});
