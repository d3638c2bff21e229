/** `updateAccount` against a real Postgres: changes at once, and referrals that would loop. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type CreateDbReturnType } from "../db/createDb.js";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { createAccount } from "./createAccount.js";
import { findAccount } from "./findAccount.js";
import { updateAccount } from "./updateAccount.js";

let database: TestDatabase;
let second: CreateDbReturnType;
beforeAll(async () => {
  database = await startTestDatabase("sluice_accounts");
  second = createDb({ url: database.url });
});
afterAll(async () => {
  await second?.close();
  await database?.drop();
});

const slug = (name: string) => `${name}-${randomBytes(3).toString("hex")}`;

describe("updateAccount", () => {
  it("two changes of one account at once both stay (each on its own connection)", async () => {
    const { db } = database;
    for (let round = 0; round < 10; round++) {
      const partner = await createAccount(db, { slug: slug("partner"), name: "Partner", rebateBps: 10 });
      const referrer = await createAccount(db, { slug: slug("referrer"), name: "Referrer" });
      const [rated, referred] = await Promise.all([
        updateAccount(db, partner.slug, { rebateBps: 50 }),
        updateAccount(second.db, partner.slug, { referrerSlug: referrer.slug, referralBps: 5 }),
      ]);
      // Before: the one that finished last wrote back the rate it had read (10), both callers having been told success.
      const stored = await findAccount(db, partner.id);
      expect({ rebateBps: stored.rebateBps, referrerId: stored.referrerId, referralBps: stored.referralBps })
        .toEqual({ rebateBps: 50, referrerId: referrer.id, referralBps: 5 });
      expect([rated.rebateBps, referred.referrerId]).toEqual([expect.any(Number), referrer.id]);
    }
  });

  it("refuses a referrer referred by the account itself, directly or through others", async () => {
    const { db } = database;
    const a = await createAccount(db, { slug: slug("a"), name: "A" });
    const b = await createAccount(db, { slug: slug("b"), name: "B", referrerSlug: a.slug, referralBps: 10 });
    const c = await createAccount(db, { slug: slug("c"), name: "C", referrerSlug: b.slug, referralBps: 10 });
    await expect(updateAccount(db, a.slug, { referrerSlug: b.slug, referralBps: 10 }))
      .rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: expect.stringMatching(/^referrerSlug: .*loop/) });
    await expect(updateAccount(db, a.slug, { referrerSlug: c.slug, referralBps: 10 }))
      .rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: expect.stringMatching(/^referrerSlug: .*loop/) });
    expect((await findAccount(db, a.id)).referrerId).toBeNull();
    await expect(updateAccount(db, a.slug, { referrerSlug: a.slug })).rejects.toMatchObject({ code: "MALFORMED_REQUEST" });
    // Keeping a referrer, or one outside the chain, is fine.
    const d = await createAccount(db, { slug: slug("d"), name: "D" });
    expect((await updateAccount(db, c.slug, { referrerSlug: b.slug, referralBps: 20 })).referralBps).toBe(20);
    expect((await updateAccount(db, a.slug, { referrerSlug: d.slug, referralBps: 5 })).referrerId).toBe(d.id);
  });

  it("two referrals that would close a loop together, made at once: one is refused", async () => {
    const { db } = database;
    for (let round = 0; round < 5; round++) {
      const a = await createAccount(db, { slug: slug("a"), name: "A" });
      const b = await createAccount(db, { slug: slug("b"), name: "B" });
      const results = await Promise.allSettled([
        updateAccount(db, a.slug, { referrerSlug: b.slug, referralBps: 10 }),
        updateAccount(second.db, b.slug, { referrerSlug: a.slug, referralBps: 10 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const [storedA, storedB] = [await findAccount(db, a.id), await findAccount(db, b.id)];
      expect([storedA.referrerId === b.id, storedB.referrerId === a.id].filter(Boolean)).toHaveLength(1);
    }
  });

  it("refuses a referral rate without a referrer, as account creation does", async () => {
    const { db } = database;
    const a = await createAccount(db, { slug: slug("a"), name: "A" });
    await expect(updateAccount(db, a.slug, { referralBps: 25 })).rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: "referralBps: needs a referrerSlug" });
    await expect(updateAccount(db, a.slug, { referrerSlug: null, referralBps: 25 })).rejects.toMatchObject({ code: "MALFORMED_REQUEST" });
    expect((await updateAccount(db, a.slug, { referralBps: 0, name: "A2" })).name).toBe("A2");
  });

  it("refuses an empty name, on change (it passed `??` and was stored) as at creation; the account stays as it was", async () => {
    const { db } = database;
    const a = await createAccount(db, { slug: slug("a"), name: "A" });
    await expect(updateAccount(db, a.slug, { name: "", rebateBps: 30 })).rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: "name: must not be empty" });
    expect(await findAccount(db, a.id)).toMatchObject({ name: "A", rebateBps: 0 });
    await expect(createAccount(db, { slug: slug("b"), name: "" })).rejects.toMatchObject({ code: "MALFORMED_REQUEST", message: "name: must not be empty" });
  });
});
