import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { redisKeys } from "@sluice/core";
import { inject } from "vitest";
import {
  admin, createPartner, event, faults, query, startUsageProbe, withOutage, type Partner, type UsageProbe,
} from "@sluice/testkit";

let probe: UsageProbe;
let partner: Partner;
beforeAll(async () => {
  [probe, partner] = await Promise.all([startUsageProbe(), createPartner({ rebateBps: 10 })]);
}, 120_000);
afterAll(() => probe?.stop());

const counts = async (ids: string[]) => Object.fromEntries((await query<{ id: string; n: number }>(
  "select id, count(*)::int as n from usage_events where id = any($1) group by id", [ids])).map((r) => [r.id, r.n]));

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("recording while Postgres is down", () => {
  it("keeps every event durably and writes each exactly once when Postgres is back", async () => {
    const events = Array.from({ length: 40 }, (_, i) => event({ accountId: partner.accountId, volumeUsd: `${i}.25` }));
    const before = events.slice(0, 10);
    const first = await probe.record(before);
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ ok: true, recorded: 10 });

    await withOutage(faults.postgres, async () => {
      for (let i = 10; i < 40; i += 10) {
        const batch = events.slice(i, i + 10);
        expect((await probe.record(batch)).body).toEqual({ ok: true, recorded: 0, duplicates: 0, deferred: 10 });
        // a retry of the same batch (e.g. the caller timed out) and an overlap with already stored events
        expect((await probe.record([...batch, ...before.slice(0, 2)])).body).toMatchObject({ ok: true, deferred: 12 });
      }
      expect(Object.keys(await counts(events.map((e) => e.id)))).toHaveLength(10); // read directly, not through the outage
    });

    // the next successful recording drains the outbox behind it
    const after = event({ accountId: partner.accountId, volumeUsd: "1" });
    expect((await probe.record([after])).body).toMatchObject({ ok: true, recorded: 1 });
    const all = [...events, after].map((e) => e.id);
    await eventually(async () => Object.keys(await counts(all)).length === all.length);
    expect(Object.values(await counts(all)).every((n) => n === 1)).toBe(true);

    const redis = new Redis(inject("stack").redisUrl);
    try {
      await eventually(async () => (await redis.hlen(redisKeys.usageOutbox)) === 0);
    } finally {
      redis.disconnect();
    }
    // draining again (the cron, or the operator) writes nothing more
    expect((await admin("/admin/v1/usage/outbox/drain", { method: "POST" })).body).toMatchObject({ ok: true, drained: 0 });
    const [total] = await query("select count(*)::int as n, sum(volume_usd)::text as volume from usage_events where account_id = $1", [partner.accountId]);
    expect(total).toEqual({ n: 41, volume: "791.000000000000000000" }); // 780 + 40 * 0.25, plus 1
  }, 120_000);

  it("an outage of both Postgres and Redis refuses the events (the caller retries), recording nothing", async () => {
    const lost = event({ accountId: partner.accountId, volumeUsd: "3" });
    await withOutage(faults.postgres, () => withOutage(faults.redis, async () => {
      const response = await probe.record([lost]);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ ok: false, code: "DEPENDENCY_DOWN" });
    }));
    expect((await probe.record([lost])).body).toMatchObject({ ok: true, recorded: 1 });
    expect(await counts([lost.id])).toEqual({ [lost.id]: 1 });
  }, 120_000);
});
