/**
 * Events held before an answer (a gasless solve's) are durable in the usage outbox and reach Postgres exactly once,
 * whether the caller writes and lets go of them or the drain does; a read drains a bounded part. Real PostgreSQL and
 * Redis (through the Upstash REST API).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, startTestRedis, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "../accounts/createAccount.js";
import { newId } from "../ids/newId.js";
import type { Redis } from "../redis/createRedis.js";
import { drainUsageOutbox } from "./drainUsageOutbox.js";
import { holdUsageEvents } from "./holdUsageEvents.js";
import { insertUsageEvents } from "./insertUsageEvents.js";
import { releaseHeldUsageEvents } from "./releaseHeldUsageEvents.js";
import { parseUsageEvents, type UsageEventInput } from "./usageEventInput.js";
import { readDeadLetterEntry, USAGE_DEAD_LETTER_KEY, USAGE_OUTBOX_KEY } from "./usageOutbox.js";
import { replayDeadLetteredUsage } from "./replayDeadLetteredUsage.js";
import { pushToQuoteOutbox, USAGE_QUOTE_OUTBOX_KEY } from "./pushToQuoteOutbox.js";
import { createDb } from "../db/createDb.js";
import { accounts } from "../db/schema/index.js";
import pg from "pg";

let database: TestDatabase;
let redis: Redis;
let closeRedis: () => Promise<void>;
let accountId: string;

beforeAll(async () => {
  let started;
  [database, started] = await Promise.all([startTestDatabase("sluice_hold"), startTestRedis()]);
  ({ redis, close: closeRedis } = started);
  accountId = (await createAccount(database.db, { slug: "hold", name: "hold" })).id;
});
afterAll(async () => {
  await Promise.all([database?.drop(), closeRedis?.()]);
});

const solve = (): UsageEventInput => ({
  id: newId("evt"), accountId, apiKeyId: null, eventType: "solve", chain: "base", volumeUsd: "30.5", isDryRun: false, isTest: false,
  txHash: `0x${crypto.randomUUID().replace(/-/g, "").repeat(2)}`, outcome: "pending", occurredAt: new Date(),
});

async function rows(ids: string[]): Promise<number> {
  const client = (database.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { n: number }[] }> } }).$client;
  return (await client.query("select count(*)::int as n from usage_events where id = any($1)", [ids])).rows[0]!.n;
}

describe("holding usage events", () => {
  it("a held event is in the outbox; written and let go of, it is in Postgres once and the drain writes nothing more", async () => {
    await redis.del(USAGE_OUTBOX_KEY);
    const event = solve();
    await holdUsageEvents(redis, [event]);
    expect(await redis.hexists(USAGE_OUTBOX_KEY, event.id)).toBe(1);
    expect(await rows([event.id])).toBe(0);
    expect((await insertUsageEvents(database.db, parseUsageEvents([event]))).inserted).toEqual([event.id]);
    await releaseHeldUsageEvents(redis, [event.id]);
    expect(await redis.hexists(USAGE_OUTBOX_KEY, event.id)).toBe(0);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 0 });
    expect(await rows([event.id])).toBe(1);
  });

  it("a held event whose write never came (the isolate died after answering) is written by the drain, once", async () => {
    await redis.del(USAGE_OUTBOX_KEY);
    const event = solve();
    await holdUsageEvents(redis, [event]);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 1, inserted: 1 });
    // The late write after the drain (a retry) records nothing more.
    expect((await insertUsageEvents(database.db, parseUsageEvents([event]))).inserted).toEqual([]);
    expect(await rows([event.id])).toBe(1);
  });

  it("an invalid event is refused before anything is held", async () => {
    const event = { ...solve(), outcome: null };
    await expect(holdUsageEvents(redis, [event])).rejects.toMatchObject({ code: "MALFORMED_REQUEST" });
    expect(await redis.hexists(USAGE_OUTBOX_KEY, event.id)).toBe(0);
  });

  it("a drain of at most one batch leaves the rest for the next; together they write each event once", async () => {
    await redis.del(USAGE_OUTBOX_KEY);
    const events = Array.from({ length: 1_200 }, solve);
    for (let i = 0; i < events.length; i += 600) await holdUsageEvents(redis, events.slice(i, i + 600));
    const first = await drainUsageOutbox({ db: database.db, redis, maxBatches: 1 });
    expect(first.drained).toBeGreaterThan(0);
    expect(first.drained).toBeLessThan(events.length);
    expect(await redis.hlen(USAGE_OUTBOX_KEY)).toBe(events.length - first.drained);
    const rest = await drainUsageOutbox({ db: database.db, redis });
    expect(first.inserted + rest.inserted).toBe(events.length);
    expect(await redis.hlen(USAGE_OUTBOX_KEY)).toBe(0);
    expect(await rows(events.map((e) => e.id))).toBe(events.length);
  });

  it("Postgres refuses for a reason that passes (a lock timeout): the events stay in the outbox, nothing is parked", async () => {
    await Promise.all([redis.del(USAGE_OUTBOX_KEY), redis.del(USAGE_DEAD_LETTER_KEY)]);
    const events = [solve(), solve()];
    await holdUsageEvents(redis, events);
    // Another session holds the table; this drain's connection gives up waiting after 200 ms (SQLSTATE 55P03).
    const impatient = createDb({ url: `${database.url}?options=${encodeURIComponent("-c lock_timeout=200")}` });
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table usage_events in access exclusive mode");
      expect(await drainUsageOutbox({ db: impatient.db, redis })).toMatchObject({ drained: 0, inserted: 0, deadLettered: 0, retained: 2 });
      await holder.query("rollback");
    } finally {
      await Promise.all([holder.end(), impatient.close()]);
    }
    expect(await redis.hlen(USAGE_DEAD_LETTER_KEY)).toBe(0);
    expect(await redis.hlen(USAGE_OUTBOX_KEY)).toBe(2);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 2, inserted: 2, retained: 0 });
    expect(await rows(events.map((e) => e.id))).toBe(2);
  });

  it("an event refused for good (its account does not exist) is parked with the reason; replayed once mended, it is written once", async () => {
    await Promise.all([redis.del(USAGE_OUTBOX_KEY), redis.del(USAGE_DEAD_LETTER_KEY)]);
    const orphanAccount = newId("acc");
    const [ok, orphan] = [solve(), { ...solve(), accountId: orphanAccount }];
    await holdUsageEvents(redis, [ok, orphan]);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 2, inserted: 1, deadLettered: 1, retained: 0 });
    const parked = readDeadLetterEntry(await redis.hget(USAGE_DEAD_LETTER_KEY, orphan.id));
    expect(parked.reason).toMatch(/accountId/);

    await database.db.insert(accounts).values({ id: orphanAccount, slug: `mended-${orphanAccount.slice(4).toLowerCase()}`, name: "mended" });
    expect(await replayDeadLetteredUsage({ redis })).toEqual({ replayed: 1 });
    expect(await replayDeadLetteredUsage({ redis })).toEqual({ replayed: 0 });
    expect(await redis.hlen(USAGE_DEAD_LETTER_KEY)).toBe(0);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 1, inserted: 1, deadLettered: 0 });
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 0 });
    expect(await rows([ok.id, orphan.id])).toBe(2);
  });

  it("a parked quote event is replayed into the quotes' outbox, a solve into the usage outbox (parked quotes never fill the outbox a gasless solve needs)", async () => {
    await Promise.all([redis.del(USAGE_OUTBOX_KEY), redis.del(USAGE_QUOTE_OUTBOX_KEY), redis.del(USAGE_DEAD_LETTER_KEY)]);
    const orphanAccount = newId("acc");
    const quote: UsageEventInput = {
      id: newId("evt"), accountId: orphanAccount, apiKeyId: null, eventType: "route", chain: "base", volumeUsd: "12", isDryRun: false, isTest: false, occurredAt: new Date(),
    };
    const orphanSolve = { ...solve(), accountId: orphanAccount };
    await pushToQuoteOutbox(redis, parseUsageEvents([quote]));
    await holdUsageEvents(redis, [orphanSolve]);
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 2, inserted: 0, deadLettered: 2 });
    expect(await redis.hlen(USAGE_DEAD_LETTER_KEY)).toBe(2);

    expect(await replayDeadLetteredUsage({ redis })).toEqual({ replayed: 2 });
    expect(await redis.hexists(USAGE_QUOTE_OUTBOX_KEY, quote.id)).toBe(1);
    expect(await redis.hexists(USAGE_OUTBOX_KEY, quote.id)).toBe(0);
    expect(await redis.hexists(USAGE_OUTBOX_KEY, orphanSolve.id)).toBe(1);
    expect(await redis.hexists(USAGE_QUOTE_OUTBOX_KEY, orphanSolve.id)).toBe(0);
    await database.db.insert(accounts).values({ id: orphanAccount, slug: `mended-${orphanAccount.slice(4).toLowerCase()}`, name: "mended" });
    expect(await drainUsageOutbox({ db: database.db, redis })).toMatchObject({ drained: 2, inserted: 2, deadLettered: 0 });
    expect(await rows([quote.id, orphanSolve.id])).toBe(2);
  });
});
