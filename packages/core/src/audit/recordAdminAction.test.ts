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
  it("removes anything secret-like at any depth, cuts long strings and deep nesting, keeps the rest", () => {
    expect(redactAdminRequest({
      name: "ok", token: "t", csrf: "c", key: "k", apiKey: "a", webhookSecret: "s", password: "p", privateKey: "x",
      nested: { adminToken: "t", rebateBps: 25, list: [{ secret: "s", slug: "x" }] }, long: "y".repeat(600), deep: { a: { b: { c: { d: 1 } } } },
    })).toEqual({
      name: "ok", token: "[redacted]", csrf: "[redacted]", key: "[redacted]", apiKey: "[redacted]", webhookSecret: "[redacted]",
      password: "[redacted]", privateKey: "[redacted]",
      nested: { adminToken: "[redacted]", rebateBps: 25, list: [{ secret: "[redacted]", slug: "x" }] },
      long: `${"y".repeat(500)}…`, deep: { a: { b: { c: "[…]" } } },
    });
    expect(redactAdminRequest({ args: ["update-account", "acme", "--rebate-bps", "25"] })).toEqual({ args: ["update-account", "acme", "--rebate-bps", "25"] });
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
    expect(await listAdminActions(database.db, { limit: 10, before: all[1]!.at })).toHaveLength(all.filter((a) => a.at < all[1]!.at).length);
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
