import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { admin } from "@sluice/testkit";

const slug = () => `e-${randomBytes(5).toString("hex")}`;

describe("admin API refuses bad input with the field named, and writes nothing", () => {
  it.each([
    [{ name: "x" }, "slug: is required"],
    [{ slug: "Bad Slug", name: "x" }, "slug: must be"],
    [{ slug: slug(), name: "x", rebateBps: 10_001 }, "rebateBps:"],
    [{ slug: slug(), name: "x", rebateBps: "10" }, "rebateBps:"],
    [{ slug: slug(), name: "x", rebateBps: 1.5 }, "rebateBps:"],
    [{ slug: slug(), name: "x", extra: true }, "unknown field 'extra'"],
  ])("%j → 400 naming the field", async (body, message) => {
    const response = await admin("/admin/v1/accounts", { body });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
    expect(response.body.error).toContain(message);
  });

  it("malformed JSON and a missing content type are 400, never 500", async () => {
    const malformed = await admin("/admin/v1/accounts", { method: "POST", rawBody: '{"slug":', headers: { "Content-Type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ ok: false, error: "Malformed JSON in request body" });
    const untyped = await admin("/admin/v1/accounts", { method: "POST", rawBody: '{"slug":"x"}' });
    expect(untyped.status).toBe(400);
    expect(untyped.body.error).toContain("Content-Type");
  });

  it("a duplicate slug is 409; an unknown referrer or account is 404", async () => {
    const s = slug();
    expect((await admin("/admin/v1/accounts", { body: { slug: s, name: "x" } })).status).toBe(200);
    const duplicate = await admin("/admin/v1/accounts", { body: { slug: s, name: "y" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toContain("slug");
    const unknownReferrer = await admin("/admin/v1/accounts", { body: { slug: slug(), name: "y", referrerSlug: "nobody-here" } });
    expect(unknownReferrer.status).toBe(404);
    expect((await admin("/admin/v1/accounts/nobody-here")).status).toBe(404);
    expect((await admin("/admin/v1/keys/key_nope/revoke", { method: "POST" })).status).toBe(404);
  });

  it("a referral rate without a referrer and self-referral are refused", async () => {
    const s = slug();
    const noReferrer = await admin("/admin/v1/accounts", { body: { slug: s, name: "x", referralBps: 5 } });
    expect(noReferrer.status).toBe(400);
    expect((await admin(`/admin/v1/accounts/${s}`)).status).toBe(404); // nothing written
    await admin("/admin/v1/accounts", { body: { slug: s, name: "x" } });
    const self = await admin(`/admin/v1/accounts/${s}`, { method: "PATCH", body: { referrerSlug: s } });
    expect(self.status).toBe(400);
  });

  it("unknown endpoints answer a JSON 404", async () => {
    const response = await admin("/admin/v1/nothing");
    expect(response.status).toBe(404);
    expect(response.body.ok).toBe(false);
  });
});
