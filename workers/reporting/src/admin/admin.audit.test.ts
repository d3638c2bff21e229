/**
 * The audit trail: every state-changing operator request — admin API or operator page — is recorded once answered,
 * with who (a fingerprint, never the token or cookie), what, on which target, the request (secrets removed) and how it
 * ended; reads are not recorded, and the trail never holds a key it issued.
 */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { admin, page, signInPages } from "@sluice/testkit";

type Action = { surface: string; actor: string; action: string; target: Record<string, string>; request: Record<string, unknown> | null; status: number; errorCode: string | null };

const slug = () => `audit-${randomBytes(5).toString("hex")}`;
const fingerprint = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 8);

/** The trail's newest entries naming this account. */
async function trailOf(account: string): Promise<Action[]> {
  const answer = await admin("/admin/v1/audit?limit=500");
  expect(answer.status).toBe(200);
  return (answer.body.actions as Action[]).filter((a) => a.target.account === account || JSON.stringify(a.request ?? {}).includes(account));
}

describe("the admin audit trail", () => {
  it("records the admin API's changes, failed ones included, by the token's fingerprint; never a read, never an issued key", async () => {
    const s = slug();
    expect((await admin("/admin/v1/accounts", { body: { slug: s, name: "Audited" } })).status).toBe(200);
    expect((await admin(`/admin/v1/accounts/${s}`, { method: "PATCH", body: { rebateBps: 25 } })).status).toBe(200);
    expect((await admin(`/admin/v1/accounts/${s}`, { method: "PATCH", body: { rebateBps: 20_000 } })).status).toBe(400);
    const issued = await admin(`/admin/v1/accounts/${s}/keys`, { body: { environment: "sandbox", name: "ci" } });
    expect(issued.status).toBe(200);
    expect((await admin(`/admin/v1/accounts/${s}`)).status).toBe(200);

    const trail = await trailOf(s);
    const actor = `admin-token:${fingerprint(inject("stack").adminToken)}`;
    expect(trail.map((a) => [a.action, a.status, a.errorCode])).toEqual([
      ["POST /admin/v1/accounts/:account/keys", 200, null],
      ["PATCH /admin/v1/accounts/:account", 400, "MALFORMED_REQUEST"],
      ["PATCH /admin/v1/accounts/:account", 200, null],
      ["POST /admin/v1/accounts", 200, null],
    ]);
    for (const entry of trail) expect(entry).toMatchObject({ surface: "api", actor });
    expect(trail[2]).toMatchObject({ target: { account: s }, request: { rebateBps: 25 } });
    expect(trail[0]!.request).toEqual({ environment: "sandbox", name: "ci" });
    const text = JSON.stringify(trail);
    expect(text).not.toContain(issued.body.key);
    expect(text).not.toContain(inject("stack").adminToken);
  });

  it("records a failure the handler throws with its own status and code (an unknown account: 404)", async () => {
    const missing = slug();
    expect((await admin(`/admin/v1/accounts/${missing}`, { method: "PATCH", body: { rebateBps: 5 } })).status).toBe(404);
    expect(await trailOf(missing)).toMatchObject([{ action: "PATCH /admin/v1/accounts/:account", status: 404, errorCode: "NOT_FOUND", request: { rebateBps: 5 } }]);
  });

  it("records an operator page's change by its session's fingerprint, the form's CSRF token removed", async () => {
    const s = slug();
    expect((await admin("/admin/v1/accounts", { body: { slug: s, name: "Paged" } })).status).toBe(200);
    const operator = await signInPages("operator", inject("stack").adminToken);
    const issued = await page(`/admin/accounts/${s}/keys`, { cookies: operator.cookies, form: { csrf: operator.csrf, environment: "sandbox", name: "from-page" } });
    expect(issued.status).toBe(200);

    const [entry] = await trailOf(s);
    expect(entry).toMatchObject({
      surface: "dashboard", action: "POST /admin/accounts/:account/keys", target: { account: s }, status: 200, errorCode: null,
      actor: `operator-session:${fingerprint(Object.values(operator.cookies)[0]!)}`,
      request: { csrf: "[redacted]", environment: "sandbox", name: "from-page" },
    });
  });
});
