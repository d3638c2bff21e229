import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPartner, event, query, startUsageProbe, type Partner, type UsageProbe } from "@sluice/testkit";

let probe: UsageProbe;
let partner: Partner;
beforeAll(async () => {
  [probe, partner] = await Promise.all([startUsageProbe(), createPartner({ rebateBps: 10 })]);
}, 120_000);
afterAll(() => probe?.stop());

const stored = (ids: string[]) => query<{ id: string; n: number }>(
  "select id, count(*)::int as n from usage_events where id = any($1) group by id", [ids]);
const txHash = () => `0x${randomBytes(32).toString("hex")}`;

describe("UsageRecorder (service binding)", () => {
  it("records events once per idempotency id, also when a call is retried", async () => {
    const events = [1, 2, 3].map((i) => event({ accountId: partner.accountId, apiKeyId: partner.keyId, volumeUsd: `${i}.5` }));
    const first = await probe.record(events);
    expect(first.body).toEqual({ ok: true, recorded: 3, duplicates: 0, deferred: 0 });
    const retry = await probe.record([...events, events[0]]);
    expect(retry.body).toEqual({ ok: true, recorded: 0, duplicates: 3, deferred: 0 });
    expect(await stored(events.map((e) => e.id))).toHaveLength(3);
  });

  it("rejects malformed events naming the field, and writes none of the batch", async () => {
    const good = event({ accountId: partner.accountId, volumeUsd: "1" });
    for (const [bad, field] of [
      [{ volumeUsd: "-1" }, "events.1.volumeUsd"], [{ volumeUsd: 2 }, "events.1.volumeUsd"],
      [{ eventType: "swap" }, "events.1.eventType"], [{ occurredAt: "yesterday" }, "events.1.occurredAt"],
      [{ id: "" }, "events.1.id"],
    ] as const) {
      const response = await probe.record([good, { ...event({ accountId: partner.accountId, volumeUsd: "1" }), ...bad }]);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
      expect(response.body.error).toContain(field);
    }
    const unknownAccount = await probe.record([good, event({ accountId: "acc_nobody", volumeUsd: "1" })]);
    expect(unknownAccount.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(await stored([good.id])).toHaveLength(0);
  });

  it("marks an encode-only solve executed once; a different transaction is a conflict", async () => {
    const encoded = event({ accountId: partner.accountId, volumeUsd: "12.34", isDryRun: true });
    await probe.record([encoded]);
    const hash = txHash();
    const first = await probe.markExecuted(encoded.id, hash);
    expect(first.body).toMatchObject({ ok: true, eventId: encoded.id, txHash: hash, volumeUsd: "12.340000000000000000", alreadyExecuted: false });
    const again = await probe.markExecuted(encoded.id, hash.toUpperCase().replace("0X", "0x"));
    expect(again.body).toMatchObject({ ok: true, alreadyExecuted: true });
    expect((await probe.markExecuted(encoded.id, txHash())).body).toMatchObject({ ok: false, code: "CONFLICT" });
    expect((await probe.markExecuted("evt_missing", hash)).body).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const [row] = await query("select is_dry_run, tx_hash, executed_at from usage_events where id = $1", [encoded.id]);
    expect(row).toMatchObject({ is_dry_run: false, tx_hash: hash });
    expect(row!.executed_at).not.toBeNull();
  });

  it("credits one transaction once across accounts and event kinds", async () => {
    const other = await createPartner();
    const sent = event({ accountId: partner.accountId, volumeUsd: "10" });
    await probe.record([sent]);
    // Another account records the same transaction: nothing is written.
    const copy = event({ accountId: other.accountId, volumeUsd: "10", txHash: sent.txHash, outcome: "succeeded" });
    expect((await probe.record([copy])).body).toMatchObject({ ok: true, recorded: 0 });
    // Another account's encode-only solve confirmed with the same transaction: a conflict, nothing changes.
    const encoded = event({ accountId: other.accountId, volumeUsd: "10", isDryRun: true });
    await probe.record([encoded]);
    expect((await probe.markExecuted(encoded.id, sent.txHash!)).body).toMatchObject({ ok: false, code: "CONFLICT" });
    const rows = await query("select id, is_dry_run from usage_events where tx_hash = $1", [sent.txHash!.toLowerCase()]);
    expect(rows).toEqual([{ id: sent.id, is_dry_run: false }]);
  });

  it("a solve that is not a dry run must say its transaction and outcome", async () => {
    const bare = { ...event({ accountId: partner.accountId, volumeUsd: "1" }), txHash: null, outcome: null };
    const response = await probe.record([bare]);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/events\.0\.(outcome|txHash)/);
    expect(await stored([bare.id])).toHaveLength(0);
  });
});

describe("createUsageEventBatch (the swap worker's quote events) through the UsageRecorder", () => {
  const transactions = (ids: string[]) => query<{ n: number }>(
    "select count(distinct xmin::text)::int as n from usage_events where id = any($1)", [ids]);

  it("writes the events of concurrent requests once each, in one Postgres transaction", async () => {
    const events = Array.from({ length: 8 }, (_, i) => event({ accountId: partner.accountId, apiKeyId: partner.keyId, eventType: "route", volumeUsd: `${i + 1}` }));
    const answers = await Promise.all(events.map((e) => probe.recordBatched([e])));
    expect(answers.map((a) => a.body)).toEqual(events.map(() => ({ ok: true, queued: 1 })));
    const ids = events.map((e) => e.id);
    await expect.poll(async () => (await stored(ids)).length, { timeout: 10_000 }).toBe(ids.length);
    expect((await stored(ids)).map((r) => r.n)).toEqual(ids.map(() => 1));
    expect(await transactions(ids)).toEqual([{ n: 1 }]);
  });

  it("an event Postgres refuses for good (no such account) costs the others of its batch nothing", async () => {
    const good = [1, 2].map((i) => event({ accountId: partner.accountId, eventType: "route", volumeUsd: `${i}` }));
    const orphan = event({ accountId: "acc_nobody", eventType: "route", volumeUsd: "3" });
    await Promise.all([good[0], orphan, good[1]].map((e) => probe.recordBatched([e])));
    await expect.poll(async () => (await stored(good.map((e) => e.id))).length, { timeout: 10_000 }).toBe(2);
    const refused = async () => (await probe.batchFailures()).find((x) => x.ids.includes(orphan.id));
    await expect.poll(refused, { timeout: 10_000 }).toMatchObject({ ids: [orphan.id], error: expect.stringContaining("no existing account") });
    expect(await stored([orphan.id])).toHaveLength(0);
  });
});
