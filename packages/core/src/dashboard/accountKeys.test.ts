/** The dashboard's self-issued keys against a real Postgres: the bound holds under requests at once. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createDb, type CreateDbReturnType } from "../db/createDb.js";
import { createAccount } from "../accounts/createAccount.js";
import { issueApiKey } from "../accounts/issueApiKey.js";
import { listApiKeys } from "../accounts/listApiKeys.js";
import { issueAccountApiKey, MAX_SELF_ISSUED_KEYS } from "./accountKeys.js";

let database: TestDatabase;
let connections: CreateDbReturnType[] = [];
beforeAll(async () => {
  database = await startTestDatabase("sluice_keys");
  connections = Array.from({ length: 6 }, () => createDb({ url: database.url }));
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await database?.drop();
});

describe("issueAccountApiKey", () => {
  it(`issues at most ${MAX_SELF_ISSUED_KEYS} unrevoked keys per environment, also to requests racing at the bound`, async () => {
    const { db } = database;
    const account = await createAccount(db, { slug: `keys-${randomBytes(3).toString("hex")}`, name: "Keys" });
    for (let i = 0; i < MAX_SELF_ISSUED_KEYS - 1; i++) await issueApiKey(db, { account: account.id, environment: "sandbox" });
    // One place left; twelve requests at once, on six connections (one session's form replayed in parallel).
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) =>
      issueAccountApiKey({ db: connections[i % connections.length]!.db }, { accountId: account.id, environment: "sandbox" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(11).fill("CONFLICT"));
    const held = (await listApiKeys(db, account.id)).filter((k) => k.environment === "sandbox" && !k.revokedAt);
    expect(held).toHaveLength(MAX_SELF_ISSUED_KEYS);
    // The other environment has its own bound.
    expect((await issueAccountApiKey({ db }, { accountId: account.id, environment: "production" })).apiKey.environment).toBe("production");
  });
});
