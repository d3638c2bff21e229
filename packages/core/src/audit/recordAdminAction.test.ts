import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createDb } from "../db/createDb.js";
import { listAdminActions } from "./listAdminActions.js";
import { recordAdminAction } from "./recordAdminAction.js";
import { redactAdminRequest } from "./redactAdminRequest.js";

let database: TestDatabase;
beforeAll(async () => { database = await startTestDatabase("sluice_audit"); });
afterAll(async () => { await database?.drop(); });

describe("redactAdminRequest", () => {
  it("removes anything secret-like by name at any depth, cuts long strings and deep nesting, keeps the rest", () => {
    expect(redactAdminRequest({
      name: "ok", token: "t", csrf: "c", key: "k", apiKey: "a", "api-key": "a", webhookSecret: "s", password: "p", passwd: "p", privateKey: "x",
      signingKey: "s", authorization: "Bearer x", mnemonic: "m", tokens: ["USDC"], keyId: "key_1",
      nested: { adminToken: "t", rebateBps: 25, list: [{ secret: "s", slug: "x" }] }, long: "y".repeat(600), deep: { a: { b: { c: { d: 1 } } } },
    })).toEqual({
      name: "ok", token: "[redacted]", csrf: "[redacted]", key: "[redacted]", apiKey: "[redacted]", "api-key": "[redacted]", webhookSecret: "[redacted]",
      password: "[redacted]", passwd: "[redacted]", privateKey: "[redacted]", signingKey: "[redacted]", authorization: "[redacted]", mnemonic: "[redacted]",
      tokens: ["USDC"], keyId: "key_1",
      nested: { adminToken: "[redacted]", rebateBps: 25, list: [{ secret: "[redacted]", slug: "x" }] },
      long: `${"y".repeat(500)}…`, deep: { a: { b: { c: "[…]" } } },
    });
  });

  it("removes values that look like keys whatever their name, and secret CLI options' values", () => {
    expect(redactAdminRequest({ note: "a".repeat(40), other: `0x${"b".repeat(64)}`, address: `0x${"c".repeat(40)}` }))
      .toEqual({ note: "[redacted]", other: "[redacted]", address: `0x${"c".repeat(40)}` });
    expect(redactAdminRequest({ args: ["acme", "--token", "T", "--api-key=K", "--rebate-bps", "25", "--name", "Acme"] }))
      .toEqual({ args: ["acme", "--token", "[redacted]", "--api-key=[redacted]", "--rebate-bps", "25", "--name", "Acme"] });
  });

  it("is bounded whatever the body: 50 entries an object or array, names cut, 8 KB in all", () => {
    const many = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`f${i}`, i]));
    const kept = redactAdminRequest(many) as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(51);
    expect(kept["…"]).toBe("199950 more fields");
    expect(Object.keys(redactAdminRequest({ ["n".repeat(100_000)]: 1 }) as object)[0]).toHaveLength(100);
    const wide = redactAdminRequest(Array.from({ length: 50 }, () => "z".repeat(499)));
    expect(wide).toMatchObject({ truncated: true });
    expect(JSON.stringify(wide).length).toBeLessThan(8_300);
  });
});

describe("recordAdminAction", () => {
  it("appends what was done, listed newest first, a page at a time", async () => {
    for (const status of [200, 409, 200]) {
      await recordAdminAction(database.db, {
        surface: "cli", actor: "cli:ops", action: "settle", request: { args: ["settle", "--month", "2026-11"], token: "no" }, status,
        ...(status === 409 ? { errorCode: "CONFLICT" } : {}), log: false,
      });
    }
    const all = await listAdminActions(database.db, { limit: 10 });
    expect(all.map((a) => [a.status, a.errorCode])).toEqual([[200, null], [409, "CONFLICT"], [200, null]]);
    expect(all[0]).toMatchObject({ surface: "cli", actor: "cli:ops", action: "settle", target: {}, request: { args: ["settle", "--month", "2026-11"], token: "[redacted]" } });
    expect(await listAdminActions(database.db, { limit: 1 })).toHaveLength(1);
    // Paged by the last id: every action once, also when several share a millisecond (the stored time is finer).
    await database.db.execute("update admin_actions set at = date_trunc('milliseconds', now()) + (random() * interval '900 microseconds')");
    const ordered = await listAdminActions(database.db, { limit: 10 });
    const paged: string[] = [];
    for (let before: string | undefined; ;) {
      const page = await listAdminActions(database.db, { limit: 1, ...(before ? { before } : {}) });
      if (page.length === 0) break;
      paged.push(page[0]!.id);
      before = page[0]!.id;
    }
    expect(paged).toEqual(ordered.map((a) => a.id));
    expect(await listAdminActions(database.db, { limit: 10, before: "adm_unknown" })).toEqual([]);
  });

  it("never throws when the database does not answer: the action has happened; the failure is logged", async () => {
    const unreachable = createDb({ url: "postgres://sluice:sluice@127.0.0.1:1/none", queryTimeoutMs: 1_000 });
    try {
      await expect(recordAdminAction(unreachable.db, { surface: "api", actor: "admin-token:00000000", action: "POST /x", status: 200, log: false })).resolves.toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});
