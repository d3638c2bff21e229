import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import {
  admin, call, createPartner, csrfOf, eventually, faults, hasValidSignature, issueKey, OPERATOR_COOKIE, page, PARTNER_COOKIE, query, SIGN_IN_COOKIE,
  signInPages, startWebhookReceiver, withOutage, type PageSession, type WebhookReceiver,
} from "@sluice/testkit";

/** The sign-in form: its CSRF cookie and field. */
async function signInForm(base: "/dashboard" | "/admin") {
  const form = await page(`${base}/login`);
  expect(form.status).toBe(200);
  return { cookie: form.cookies[SIGN_IN_COOKIE]!, csrf: csrfOf(form.text) };
}

describe("dashboard sign-in", () => {
  it("exchanges a key for an HttpOnly, Secure, SameSite=Strict session cookie with an expiry; the key is stored nowhere", async () => {
    const partner = await createPartner();
    const { cookie, csrf } = await signInForm("/dashboard");
    const response = await page("/dashboard/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { csrf, key: partner.key } });
    expect(response.status).toBe(303);
    const requestId = response.headers.get("X-Request-Id")!;
    expect(response.location).toBe("/dashboard");
    // The sign-in is logged (one line, its route and status) and neither the key nor the session token is.
    const logFile = join(inject("stack").stateDir, "api.log");
    await eventually(async () => {
      if (!readFileSync(logFile, "utf8").includes(`"requestId":"${requestId}"`)) throw new Error("no log line yet");
    });
    expect(readFileSync(logFile, "utf8")).not.toContain(partner.key);
    expect(readFileSync(logFile, "utf8")).not.toContain(response.cookies[PARTNER_COOKIE]!);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PARTNER_COOKIE}=`))!;
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThan(0);
    const token = response.cookies[PARTNER_COOKIE]!;
    expect(token).not.toContain(partner.key);

    const overview = await page("/dashboard", { cookies: { [PARTNER_COOKIE]: token } });
    expect(overview.status).toBe(200);
    expect(overview.headers.get("cache-control")).toBe("no-store");
    expect(overview.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(overview.text).toContain(partner.slug);
    expect(overview.text).not.toContain(partner.key);

    // Redis holds the session under the token's hash: neither the key nor the cookie's value is stored.
    const redis = new Redis(inject("stack").redisUrl);
    try {
      const keys = await redis.keys("sluice:dashboard:session:*");
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.some((k) => k.includes(token))).toBe(false);
      const values = await Promise.all(keys.map((k) => redis.get(k)));
      const stored = values.find((v) => v?.includes(partner.accountId))!;
      expect(JSON.parse(stored)).toMatchObject({ kind: "partner", accountId: partner.accountId, keyId: partner.keyId, environment: "production" });
      for (const value of values) expect(value).not.toContain(partner.key);
    } finally {
      redis.disconnect();
    }
  });

  it("refuses a bad key with one message and no session, whatever is wrong with it", async () => {
    const revoked = await createPartner();
    await admin(`/admin/v1/keys/${revoked.keyId}/revoke`, { method: "POST" });
    for (const key of ["", "nope", "0123456789abcdef0123456789abcdef01234567", revoked.key]) {
      const { cookie, csrf } = await signInForm("/dashboard");
      const response = await page("/dashboard/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { csrf, key } });
      expect(response.status, key).toBe(401);
      expect(response.text).toContain("Invalid or revoked API key");
      expect(response.cookies[PARTNER_COOKIE]).toBeUndefined();
    }
  });

  it("refuses a sign-in form without its CSRF token, or with another one (403), and a form that is not a form (400)", async () => {
    const partner = await createPartner();
    const { cookie, csrf } = await signInForm("/dashboard");
    const missing = await page("/dashboard/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { key: partner.key } });
    expect(missing.status).toBe(403);
    expect(missing.text).toContain("csrf:");
    const noCookie = await page("/dashboard/login", { form: { csrf, key: partner.key } });
    expect(noCookie.status).toBe(403);
    const other = await signInForm("/dashboard");
    const crossed = await page("/dashboard/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { csrf: other.csrf, key: partner.key } });
    expect(crossed.status).toBe(403);
    expect(crossed.cookies[PARTNER_COOKIE]).toBeUndefined();
    const json = await page("/dashboard/login", { method: "POST", headers: { "Content-Type": "application/json", Cookie: `${SIGN_IN_COOKIE}=${cookie}` } });
    expect(json.status).toBe(400);
    expect(json.text).toContain("Content-Type");
  });

  it("a sandbox key signs in to the sandbox view, which says so and shows no production figures", async () => {
    const partner = await createPartner({ environment: "sandbox" });
    const session = await signInPages("partner", partner.key);
    const overview = await page("/dashboard", { cookies: session.cookies });
    expect(overview.status).toBe(200);
    expect(overview.text).toContain("Sandbox view.");
    const production = await signInPages("partner", (await issueKey(partner.slug)).key);
    expect((await page("/dashboard", { cookies: production.cookies })).text).not.toContain("Sandbox view.");
  });
});

describe("dashboard sessions and forms", () => {
  it("without a session a page redirects to the sign-in form and a form post is refused", async () => {
    const get = await page("/dashboard/usage");
    expect(get.status).toBe(303);
    expect(get.location).toBe("/dashboard/login");
    expect((await page("/dashboard", { cookies: { [PARTNER_COOKIE]: "x".repeat(43) } })).status).toBe(303);
    const post = await page("/dashboard/keys/issue", { form: { csrf: "x" } });
    expect(post.status).toBe(401);
    expect(post.text).toContain("session:");
  });

  it("a form without the session's CSRF token, or from another origin, is refused (403) and changes nothing", async () => {
    const partner = await createPartner();
    const second = await issueKey(partner.slug);
    const session = await signInPages("partner", partner.key);
    const forms: Record<string, string>[] = [{ keyId: second.keyId }, { keyId: second.keyId, csrf: "not-the-token" }];
    for (const form of forms) {
      const refused = await page("/dashboard/keys/revoke", { cookies: session.cookies, form });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("csrf:");
    }
    const crossOrigin = await page("/dashboard/keys/revoke", {
      cookies: session.cookies, form: { keyId: second.keyId, csrf: session.csrf }, headers: { Origin: "https://evil.example" },
    });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.text).toContain("Origin:");
    expect((await call("/api/v1/account", { key: second.key })).status).toBe(200);
    const revoked = await page("/dashboard/keys/revoke", { cookies: session.cookies, form: { keyId: second.keyId, csrf: session.csrf } });
    expect(revoked.status).toBe(303);
    expect((await call("/api/v1/account", { key: second.key })).status).toBe(401);
  });

  it("another account's key cannot be revoked through the dashboard (404, as an unknown key), and a sandbox session touches no production key", async () => {
    const mine = await createPartner();
    const theirs = await createPartner();
    const session = await signInPages("partner", mine.key);
    for (const keyId of [theirs.keyId, "key_doesnotexist"]) {
      const refused = await page("/dashboard/keys/revoke", { cookies: session.cookies, form: { keyId, csrf: session.csrf } });
      expect(refused.status).toBe(404);
      expect(refused.text).toContain("keyId:");
    }
    expect((await call("/api/v1/account", { key: theirs.key })).status).toBe(200);
    const sandbox = await issueKey(mine.slug, { environment: "sandbox" });
    const sandboxSession = await signInPages("partner", sandbox.key);
    const refused = await page("/dashboard/keys/revoke", { cookies: sandboxSession.cookies, form: { keyId: mine.keyId, csrf: sandboxSession.csrf } });
    expect(refused.status).toBe(403);
    expect((await call("/api/v1/account", { key: mine.key })).status).toBe(200);
  });

  it("a sandbox-key session sees its keys but neither issues nor revokes one (403, nothing changes); a production session still does", async () => {
    const partner = await createPartner();
    const [signedIn, other] = [await issueKey(partner.slug, { environment: "sandbox" }), await issueKey(partner.slug, { environment: "sandbox" })];
    const keys = async () => ((await admin(`/admin/v1/accounts/${partner.slug}/keys`)).body.keys as { id: string; environment: string; revokedAt: string | null }[])
      .filter((k) => !k.revokedAt).map((k) => k.id).sort();
    const before = await keys();
    const sandbox = await signInPages("partner", signedIn.key);
    const listed = await page("/dashboard/keys", { cookies: sandbox.cookies });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain(other.keyId);
    expect(listed.text).not.toContain('action="/dashboard/keys/issue"');
    expect(listed.text).not.toContain('action="/dashboard/keys/revoke"');

    const issued = await page("/dashboard/keys/issue", { cookies: sandbox.cookies, form: { csrf: sandbox.csrf, name: "minted" } });
    expect(issued.status).toBe(403);
    expect(issued.text).toContain("production key");
    expect(issued.text).not.toMatch(/data-testid="issued-key"/);
    for (const keyId of [other.keyId, signedIn.keyId]) {
      const revoked = await page("/dashboard/keys/revoke", { cookies: sandbox.cookies, form: { keyId, csrf: sandbox.csrf } });
      expect(revoked.status, keyId).toBe(403);
      expect(revoked.text, keyId).toContain("production key");
    }
    expect(await keys()).toEqual(before);
    expect((await call("/api/v1/account", { key: other.key, target: "sandbox" })).status).toBe(200);

    // A production session of the same account still issues and revokes sandbox keys.
    const production = await signInPages("partner", partner.key);
    const fromProduction = await page("/dashboard/keys/issue", { cookies: production.cookies, form: { csrf: production.csrf, name: "from production" } });
    expect(fromProduction.status).toBe(200);
    expect(fromProduction.text).toMatch(/data-testid="issued-key">[0-9a-f]{40}</);
    expect(await keys()).toHaveLength(before.length + 1);
    expect((await page("/dashboard/keys/revoke", { cookies: production.cookies, form: { keyId: other.keyId, csrf: production.csrf } })).status).toBe(303);
    expect(await keys()).toHaveLength(before.length);
  });

  it("sign-out ends the session, and revoking the key a session signed in with ends it too", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const out = await page("/dashboard/logout", { cookies: session.cookies, form: { csrf: session.csrf } });
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().join()).toMatch(new RegExp(`${PARTNER_COOKIE}=;.*Max-Age=0`));
    expect((await page("/dashboard", { cookies: session.cookies })).status).toBe(303);

    const again = await signInPages("partner", partner.key);
    await admin(`/admin/v1/keys/${partner.keyId}/revoke`, { method: "POST" });
    expect((await page("/dashboard", { cookies: again.cookies })).status).toBe(303);
  });

  it("bad filters answer a page naming the field (400), never a 500", async () => {
    const partner = await createPartner();
    const { cookies } = await signInPages("partner", partner.key);
    for (const [path, field] of [
      ["/dashboard?month=2026-13", "month:"], ["/dashboard?month=x", "month:"], ["/dashboard/usage?event_type=swap", "event_type:"],
      ["/dashboard/usage?period=2026-1", "period:"], ["/dashboard/usage?cursor=abc", "cursor:"], ["/dashboard/usage.csv?period=0000-01", "period:"],
    ] as const) {
      const response = await page(path, { cookies });
      expect(response.status, path).toBe(400);
      expect(response.text, path).toContain(field);
    }
    expect((await page("/dashboard/nothing", { cookies })).status).toBe(404);
  });
});

describe("operator pages", () => {
  it("sign in with the admin token only: a wrong token, a partner key or a partner session do not open them", async () => {
    for (const token of ["nope", (await createPartner()).key]) {
      const { cookie, csrf } = await signInForm("/admin");
      const refused = await page("/admin/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { csrf, token } });
      expect(refused.status).toBe(401);
      expect(refused.cookies[OPERATOR_COOKIE]).toBeUndefined();
    }
    const partner = await signInPages("partner", (await createPartner()).key);
    const asPartner = await page("/admin", { cookies: { [OPERATOR_COOKIE]: partner.cookies[PARTNER_COOKIE]! } });
    expect(asPartner.status).toBe(303);
    expect(asPartner.location).toBe("/admin/login");

    const operator = await signInPages("operator", inject("stack").adminToken);
    expect((await page("/admin", { cookies: operator.cookies })).status).toBe(200);
    // An operator session is not a partner session either.
    expect((await page("/dashboard", { cookies: { [PARTNER_COOKIE]: operator.cookies[OPERATOR_COOKIE]! } })).status).toBe(303);
  });

  it("every operator form needs the session's CSRF token; bad input is a page naming the field", async () => {
    const partner = await createPartner();
    const operator = await signInPages("operator", inject("stack").adminToken);
    const cookies = operator.cookies;
    const noCsrf = await page(`/admin/keys/${partner.keyId}/revoke`, { cookies, form: {} });
    expect(noCsrf.status).toBe(403);
    expect((await call("/api/v1/account", { key: partner.key })).status).toBe(200);
    expect((await page("/admin/settlements", { cookies, form: { month: "2001-01" } })).status).toBe(403);

    const csrf = operator.csrf;
    const cases: [string, Record<string, string>, number, string][] = [
      [`/admin/accounts/${partner.slug}/keys`, { environment: "staging" }, 400, "environment:"],
      [`/admin/accounts/${partner.slug}/keys`, { rateLimitPerMinute: "0" }, 400, "rateLimitPerMinute:"],
      [`/admin/accounts/${partner.slug}/mark-test`, {}, 400, "eventIds:"],
      [`/admin/accounts/${partner.slug}/mark-test`, { from: "yesterday" }, 400, "from:"],
      ["/admin/accounts/nobody-here/keys", {}, 404, "account:"],
      ["/admin/settlements", { month: "2026-13" }, 400, "month:"],
      ["/admin/settlements", { month: "2999-01" }, 400, "has not ended"],
    ];
    for (const [path, form, status, message] of cases) {
      const response = await page(path, { cookies, form: { ...form, csrf } });
      expect(response.status, `${path} ${JSON.stringify(form)}`).toBe(status);
      expect(response.text, path).toContain(message);
    }
    expect((await page("/admin/settlements?month=nope", { cookies })).status).toBe(400);
    // The admin API keeps its JSON answers beside the pages.
    const api = await admin("/admin/v1/nothing");
    expect(api.status).toBe(404);
    expect(api.body.ok).toBe(false);
  });
});

describe("pages under trouble and hostile data", () => {
  it("a dependency down answers a 503 page saying so, never a 500, and the pages work again after", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    for (const fault of [faults.redis, faults.postgres]) {
      await withOutage(fault, async () => {
        const response = await page("/dashboard", { cookies: session.cookies });
        expect(response.status).toBe(503);
        expect(response.text).toContain("temporarily unavailable");
        expect(response.text).not.toMatch(/at .*\.ts/);
      });
    }
    expect((await page("/dashboard", { cookies: session.cookies })).status).toBe(200);
  });

  it("a partner issues at most 20 unrevoked sandbox keys from the dashboard; revoking one makes room", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const issue = () => page("/dashboard/keys/issue", { cookies: session.cookies, form: { csrf: session.csrf, name: "many" } });
    const sandboxKeys = async () => ((await admin(`/admin/v1/accounts/${partner.slug}/keys`)).body.keys as { id: string; environment: string; revokedAt: string | null }[])
      .filter((k) => k.environment === "sandbox" && !k.revokedAt);
    const held = (await sandboxKeys()).length;
    for (let i = held; i < 20; i++) expect((await issue()).status).toBe(200);
    const refused = await issue();
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("revoke one first");
    const keys = await sandboxKeys();
    expect(keys).toHaveLength(20);
    await admin(`/admin/v1/keys/${keys[0]!.id}/revoke`, { method: "POST" });
    expect((await issue()).status).toBe(200);
  });

  it("shows what partners and operators typed as text, never as markup", async () => {
    const partner = await createPartner();
    await admin(`/admin/v1/accounts/${partner.slug}`, { method: "PATCH", body: { name: `<img src=x onerror="alert(1)">` } });
    const session = await signInPages("partner", partner.key);
    const overview = await page("/dashboard", { cookies: session.cookies });
    expect(overview.text).not.toContain("<img src=x");
    expect(overview.text).toContain("&lt;img src=x");
    const issued = await page("/dashboard/keys/issue", { cookies: session.cookies, form: { csrf: session.csrf, name: `"><script>alert(1)</script>` } });
    expect(issued.status).toBe(200);
    expect(issued.text).not.toContain("<script>");
  });
});

describe("dashboard webhooks page", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => { receiver = await startWebhookReceiver(); });
  afterAll(() => receiver?.stop());

  /** The create form as a browser sends it: `events` once per checked box. */
  const createForm = (session: PageSession, url: string, events: string[]) =>
    [["csrf", session.csrf], ["url", url], ...events.map((e) => ["events", e])] as [string, string][];
  const secretOf = (html: string) => /data-testid="webhook-secret"[^>]*>(whsec_[0-9a-f]{64})</.exec(html)?.[1];

  it("adds an endpoint (secret shown once), lists it, sends a signed test event whose delivery row is the API's, deletes it", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const empty = await page("/dashboard/webhooks", { cookies: session.cookies });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('href="/dashboard/webhooks" aria-current="page"');
    expect(empty.text).toContain('data-testid="no-webhooks"');

    const created = await page("/dashboard/webhooks/create", {
      cookies: session.cookies, form: createForm(session, receiver.url("/pages"), ["swap.executed", "bridge.filled", "swap.executed"]),
    });
    expect(created.status, created.text.slice(0, 500)).toBe(200);
    const secret = secretOf(created.text)!;
    expect(secret).toMatch(/^whsec_/);
    const [listed] = (await call("/api/v1/webhooks", { key: partner.key })).body.webhooks;
    expect(listed).toMatchObject({ url: receiver.url("/pages"), events: ["swap.executed", "bridge.filled"], status: "active" });
    const id = listed.id as string;

    const shown = await page("/dashboard/webhooks", { cookies: session.cookies });
    expect(shown.text).toContain(`data-webhook-id="${id}"`);
    expect(shown.text).toContain("swap.executed, bridge.filled");
    expect(shown.text).not.toContain(secret);

    receiver.respond(() => 202);
    const tested = await page("/dashboard/webhooks/test", { cookies: session.cookies, form: { csrf: session.csrf, webhookId: id } });
    expect(tested.status, tested.text.slice(0, 500)).toBe(303);
    expect(tested.location).toBe("/dashboard/webhooks?done=tested");
    receiver.respond(() => 200);
    const got = receiver.received.find((r) => r.json.type === "webhook.test" && r.json.data.webhook_id === id)!;
    expect(hasValidSignature(secret, got)).toBe(true);
    const [delivery] = (await call(`/api/v1/webhooks/${id}/deliveries`, { key: partner.key })).body.deliveries;
    expect(delivery).toMatchObject({ event_id: got.json.id, event_type: "webhook.test", last_status_code: 202 });
    const after = await page("/dashboard/webhooks?done=tested", { cookies: session.cookies });
    const row = new RegExp(`data-delivery-id="${delivery.id}"[\\s\\S]*?data-field="status-code">(\\d+)<[\\s\\S]*?data-field="latency">(\\d+) ms<`).exec(after.text);
    expect(row?.slice(1)).toEqual([String(delivery.attempts[0].status_code), String(delivery.attempts[0].latency_ms)]);

    const deleted = await page("/dashboard/webhooks/delete", { cookies: session.cookies, form: { csrf: session.csrf, webhookId: id } });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/dashboard/webhooks?done=deleted");
    expect((await call("/api/v1/webhooks", { key: partner.key })).body.webhooks).toEqual([]);
  });

  it("every webhook form needs the session and its CSRF token: without them nothing is created, sent or deleted", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const made = await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url("/csrf"), events: ["swap.failed"] } });
    const id = made.body.webhook.id as string;
    for (const csrf of [undefined, "not-the-token"]) {
      const extra: Record<string, string> = csrf ? { csrf } : {};
      const forms: [string, Record<string, string>][] = [
        ["/dashboard/webhooks/create", { ...extra, url: receiver.url("/csrf"), events: "swap.executed" }],
        ["/dashboard/webhooks/test", { ...extra, webhookId: id }],
        ["/dashboard/webhooks/delete", { ...extra, webhookId: id }],
      ];
      for (const [path, form] of forms) {
        const refused = await page(path, { cookies: session.cookies, form });
        expect(refused.status, path).toBe(403);
        expect(refused.text, path).toContain("csrf:");
        const noSession = await page(path, { form: { ...form, csrf: session.csrf } });
        expect(noSession.status, path).toBe(401);
        const crossOrigin = await page(path, { cookies: session.cookies, form: { ...form, csrf: session.csrf }, headers: { Origin: "https://evil.example" } });
        expect(crossOrigin.status, path).toBe(403);
        expect(crossOrigin.text, path).toContain("Origin:");
      }
    }
    expect((await call("/api/v1/webhooks", { key: partner.key })).body.webhooks.map((w: any) => w.id)).toEqual([id]);
    expect((await call(`/api/v1/webhooks/${id}/deliveries`, { key: partner.key })).body.deliveries).toEqual([]);
    expect(receiver.received.filter((r) => r.path === "/csrf")).toEqual([]);
  });

  it("another account's endpoint, or the other environment's, answers 404 like an unknown one; a sandbox session manages sandbox endpoints only", async () => {
    const [mine, theirs] = await Promise.all([createPartner(), createPartner()]);
    const theirEndpoint = (await call("/api/v1/webhooks", { key: theirs.key, body: { url: receiver.url("/theirs"), events: ["swap.executed"] } })).body.webhook;
    const session = await signInPages("partner", mine.key);
    expect((await page("/dashboard/webhooks", { cookies: session.cookies })).text).not.toContain(theirEndpoint.id);
    for (const action of ["test", "delete"]) {
      for (const webhookId of [theirEndpoint.id, "whk_00000000000000000000"]) {
        const refused = await page(`/dashboard/webhooks/${action}`, { cookies: session.cookies, form: { csrf: session.csrf, webhookId } });
        expect(refused.status, `${action} ${webhookId}`).toBe(404);
        expect(refused.text).toContain(`webhookId: No webhook endpoint ${webhookId}`);
      }
    }
    expect((await call("/api/v1/webhooks", { key: theirs.key })).body.webhooks).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === "/theirs")).toEqual([]);

    // The same account's sandbox session: production endpoints are not its own.
    const production = (await call("/api/v1/webhooks", { key: mine.key, body: { url: receiver.url("/production"), events: ["swap.executed"] } })).body.webhook;
    const sandboxKey = await issueKey(mine.slug, { environment: "sandbox" });
    const sandbox = await signInPages("partner", sandboxKey.key);
    expect((await page("/dashboard/webhooks", { cookies: sandbox.cookies })).text).not.toContain(production.id);
    const crossed = await page("/dashboard/webhooks/delete", { cookies: sandbox.cookies, form: { csrf: sandbox.csrf, webhookId: production.id } });
    expect(crossed.status).toBe(404);
    const created = await page("/dashboard/webhooks/create", { cookies: sandbox.cookies, form: createForm(sandbox, receiver.url("/sandbox"), ["swap.failed"]) });
    expect(created.status).toBe(200);
    const sandboxEndpoints = (await call("/api/v1/webhooks", { key: sandboxKey.key, target: "sandbox" })).body.webhooks;
    expect(sandboxEndpoints.map((w: any) => w.url)).toEqual([receiver.url("/sandbox")]);
    expect((await call("/api/v1/webhooks", { key: mine.key })).body.webhooks.map((w: any) => w.id)).toEqual([production.id]);
    // And the production session does not see the sandbox endpoint.
    expect((await page("/dashboard/webhooks", { cookies: session.cookies })).text).not.toContain(sandboxEndpoints[0].id);
  });

  it("bad input answers a page naming the field (400), never a 500, and writes nothing; a disabled endpoint shows why and is not tested", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const cases: [[string, string][] | Record<string, string>, string, string][] = [
      [createForm(session, "", ["swap.executed"]), "/dashboard/webhooks/create", "url: is required"],
      [createForm(session, "not a url", ["swap.executed"]), "/dashboard/webhooks/create", "url: must be an absolute https URL"],
      [createForm(session, "https://10.0.0.7/hook", ["swap.executed"]), "/dashboard/webhooks/create", "url: must be a public address"],
      [createForm(session, "http://93.184.216.34/", ["swap.executed"]), "/dashboard/webhooks/create", "url: must use https"],
      [createForm(session, receiver.url(), []), "/dashboard/webhooks/create", "events: must name at least one event type"],
      [createForm(session, receiver.url(), ["swap.done"]), "/dashboard/webhooks/create", "events.0: must be one of swap.executed"],
      [{ csrf: session.csrf }, "/dashboard/webhooks/test", "webhookId: is required"],
      [{ csrf: session.csrf, webhookId: "x".repeat(65) }, "/dashboard/webhooks/delete", "webhookId: must be at most 64 characters"],
    ];
    for (const [form, path, message] of cases) {
      const response = await page(path, { cookies: session.cookies, form });
      expect(response.status, `${path} ${JSON.stringify(form)}`).toBe(400);
      expect(response.text, path).toContain(message);
    }
    expect(await query("select id from webhook_endpoints where account_id = $1", [partner.accountId])).toEqual([]);

    const made = (await call("/api/v1/webhooks", { key: partner.key, body: { url: receiver.url("/disabled"), events: ["swap.executed"] } })).body.webhook;
    await query("update webhook_endpoints set status = 'disabled', disabled_at = now(), disabled_reason = $2 where id = $1",
      [made.id, "every attempt failed for 24 hours"]);
    const listed = await page("/dashboard/webhooks", { cookies: session.cookies });
    expect(listed.text).toMatch(new RegExp(`data-webhook-id="${made.id}"[\\s\\S]*?disabled <time[^>]*>[^<]*</time>: every attempt failed for 24 hours`));
    expect(listed.text).not.toContain(`aria-label="Send a test event to ${receiver.url("/disabled")}"`);
    const refused = await page("/dashboard/webhooks/test", { cookies: session.cookies, form: { csrf: session.csrf, webhookId: made.id } });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("is disabled (every attempt failed for 24 hours)");
    expect(receiver.received.filter((r) => r.path === "/disabled")).toEqual([]);
  });
});

describe("sessions under attack", () => {
  it("a session id is never taken from the browser: signing in over a planted cookie issues a new one, and sign-in never redirects off-site", async () => {
    const partner = await createPartner();
    const planted = "P".repeat(43);
    for (const [area, cookieName, secret] of [
      ["partner", PARTNER_COOKIE, partner.key], ["operator", OPERATOR_COOKIE, inject("stack").adminToken],
    ] as const) {
      const base = area === "partner" ? "/dashboard" : "/admin";
      const { cookie, csrf } = await signInForm(base);
      const signedIn = await page(`${base}/login?next=https://evil.example/&redirect=//evil.example`, {
        cookies: { [SIGN_IN_COOKIE]: cookie, [cookieName]: planted },
        form: { csrf, [area === "partner" ? "key" : "token"]: secret },
      });
      expect(signedIn.status, area).toBe(303);
      expect(signedIn.location, area).toBe(base);
      const issued = signedIn.cookies[cookieName]!;
      expect(issued, area).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(issued, area).not.toBe(planted);
      expect((await page(base, { cookies: { [cookieName]: planted } })).status, area).toBe(303);
      expect((await page(base, { cookies: { [cookieName]: issued } })).status, area).toBe(200);
      // Signing in again gives another session, never the one the browser holds.
      const again = await signInPages(area, secret);
      expect(again.cookies[cookieName]).not.toBe(issued);
    }
  });

  it("a CSRF token is the session's own: another session's token, a cross-site sign-out or an operator form from elsewhere is refused", async () => {
    const [mine, theirs] = await Promise.all([createPartner(), createPartner()]);
    const second = await issueKey(mine.slug);
    const session = await signInPages("partner", mine.key);
    const other = await signInPages("partner", theirs.key);
    const sameKey = await signInPages("partner", mine.key);
    for (const csrf of [other.csrf, sameKey.csrf]) {
      const refused = await page("/dashboard/keys/revoke", { cookies: session.cookies, form: { keyId: second.keyId, csrf } });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("csrf:");
    }
    expect((await call("/api/v1/account", { key: second.key })).status).toBe(200);
    // Sign-out is a form too: a page elsewhere cannot end the session.
    expect((await page("/dashboard/logout", { cookies: session.cookies, form: {} })).status).toBe(403);
    expect((await page("/dashboard/logout", { cookies: session.cookies, form: { csrf: other.csrf } })).status).toBe(403);
    expect((await page("/dashboard", { cookies: session.cookies })).status).toBe(200);

    const operator = await signInPages("operator", inject("stack").adminToken);
    const otherOperator = await signInPages("operator", inject("stack").adminToken);
    for (const csrf of [otherOperator.csrf, session.csrf]) {
      const refused = await page(`/admin/keys/${second.keyId}/revoke`, { cookies: operator.cookies, form: { csrf } });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("csrf:");
    }
    for (const [path, form] of [
      [`/admin/keys/${second.keyId}/revoke`, {}], ["/admin/settlements", { month: "2001-01" }],
      [`/admin/accounts/${mine.slug}/keys`, { environment: "production" }], [`/admin/accounts/${mine.slug}/mark-test`, { eventIds: "x" }],
      ["/admin/logout", {}],
    ] as [string, Record<string, string>][]) {
      const crossOrigin = await page(path, { cookies: operator.cookies, form: { ...form, csrf: operator.csrf }, headers: { Origin: "https://evil.example" } });
      expect(crossOrigin.status, path).toBe(403);
      expect(crossOrigin.text, path).toContain("Origin:");
    }
    expect((await call("/api/v1/account", { key: second.key })).status).toBe(200);
    expect((await admin(`/admin/v1/accounts/${mine.slug}/keys`)).body.keys).toHaveLength(2);
    expect((await page("/admin", { cookies: operator.cookies })).status).toBe(200);
    // The operator's sign-out ends that session only.
    expect((await page("/admin/logout", { cookies: operator.cookies, form: { csrf: operator.csrf } })).status).toBe(303);
    expect((await page("/admin", { cookies: operator.cookies })).status).toBe(303);
    expect((await page("/admin", { cookies: otherOperator.cookies })).status).toBe(200);
  });

  it("fields a form does not have change nothing: no other account, no production key, no other environment", async () => {
    const [mine, theirs] = await Promise.all([createPartner(), createPartner()]);
    const session = await signInPages("partner", mine.key);
    const tampered = { accountId: theirs.accountId, account: theirs.slug, environment: "production", isTest: "true", rateLimitPerMinute: "1000000" };
    const issued = await page("/dashboard/keys/issue", { cookies: session.cookies, form: { ...tampered, csrf: session.csrf, name: "tampered" } });
    expect(issued.status).toBe(200);
    const keys = (await admin(`/admin/v1/accounts/${mine.slug}/keys`)).body.keys as { name: string | null; environment: string; isTest: boolean; rateLimitPerMinute: number | null }[];
    expect(keys.find((k) => k.name === "tampered")).toMatchObject({ environment: "sandbox", isTest: false, rateLimitPerMinute: null });
    expect(((await admin(`/admin/v1/accounts/${theirs.slug}/keys`)).body.keys as unknown[])).toHaveLength(1);
    // Pages read the session's account only, whatever the query says.
    const usage = await page(`/dashboard/usage?account=${theirs.slug}&accountId=${theirs.accountId}`, { cookies: session.cookies });
    expect(usage.status).toBe(200);
    expect(usage.text).toContain(mine.slug);
    expect(usage.text).not.toContain(theirs.slug);
  });

  it("every answer of the pages forbids framing and caching and asks for HTTPS: sign-in, pages showing a secret, redirects, errors, the CSV", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const operator = await signInPages("operator", inject("stack").adminToken);
    const answers = {
      "partner sign-in": await page("/dashboard/login"),
      "operator sign-in": await page("/admin/login"),
      "redirect to sign-in": await page("/dashboard/keys"),
      "issued sandbox key": await page("/dashboard/keys/issue", { cookies: session.cookies, form: { csrf: session.csrf } }),
      "operator's issued key": await page(`/admin/accounts/${partner.slug}/keys`, { cookies: operator.cookies, form: { csrf: operator.csrf, environment: "sandbox" } }),
      "csrf refusal": await page("/dashboard/keys/issue", { cookies: session.cookies, form: {} }),
      "no session": await page("/admin/settlements", { form: { month: "2001-01" } }),
      "unknown page": await page("/dashboard/nothing", { cookies: session.cookies }),
      "csv": await page("/dashboard/usage.csv", { cookies: session.cookies }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBeLessThan(500);
      expect(answer.headers.get("cache-control"), what).toBe("no-store");
      expect(answer.headers.get("x-frame-options"), what).toBe("DENY");
      expect(answer.headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("content-security-policy"), what).toContain("default-src 'none'");
      expect(answer.headers.get("access-control-allow-origin"), what).toBeNull();
      expect(answer.headers.get("strict-transport-security"), what).toBe("max-age=31536000; includeSubDomains");
    }
    expect(answers["issued sandbox key"].text).toMatch(/data-testid="issued-key">[0-9a-f]{40}</);
    // Shown once: the keys page lists the prefix only.
    const issuedKey = /data-testid="issued-key">([0-9a-f]{40})</.exec(answers["issued sandbox key"].text)![1]!;
    expect((await page("/dashboard/keys", { cookies: session.cookies })).text).not.toContain(issuedKey);
  });

  it("input echoed in error pages is text, never markup", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const operator = await signInPages("operator", inject("stack").adminToken);
    const script = `<script>alert(1)</script>`;
    for (const [path, cookies] of [
      [`/dashboard?month=${encodeURIComponent(script)}`, session.cookies],
      [`/dashboard/usage?period=${encodeURIComponent(script)}`, session.cookies],
      [`/dashboard/usage?cursor=${encodeURIComponent(script)}`, session.cookies],
      [`/admin/accounts/${encodeURIComponent(script)}`, operator.cookies],
      [`/admin/settlements?month=${encodeURIComponent(script)}`, operator.cookies],
      [`/admin?q=${encodeURIComponent(script)}`, operator.cookies],
    ] as const) {
      const answer = await page(path, { cookies });
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.text, path).not.toContain("<script");
    }
    const webhook = await page("/dashboard/webhooks/delete", { cookies: session.cookies, form: { csrf: session.csrf, webhookId: script } });
    expect(webhook.status).toBe(404);
    expect(webhook.text).not.toContain("<script");
    expect(webhook.text).toContain("&lt;script&gt;");
  });

  it("a redirect's notice is one of the page's own: ?done= naming an inherited property shows none", async () => {
    const partner = await createPartner();
    const session = await signInPages("partner", partner.key);
    const operator = await signInPages("operator", inject("stack").adminToken);
    for (const [path, cookies] of [
      ["/dashboard/keys", session.cookies], ["/dashboard/webhooks", session.cookies], [`/admin/accounts/${partner.slug}`, operator.cookies],
    ] as const) {
      for (const done of ["__proto__", "constructor", "toString"]) {
        const answer = await page(`${path}?done=${done}`, { cookies });
        expect(answer.status, `${path} ${done}`).toBe(200);
        expect(answer.text, `${path} ${done}`).not.toContain('class="notice"');
      }
    }
    expect((await page("/dashboard/keys?done=revoked", { cookies: session.cookies })).text).toContain("The key is revoked");
  });

  it("signing in with made-up keys counts against the client's budget of key lookups, as the API's authentication does", async () => {
    const redis = new Redis(inject("stack").redisUrl);
    try {
      const window = Math.floor(Date.now() / 60_000);
      const misses = async () => {
        let total = 0;
        for (const key of await redis.keys("sluice:authmiss:*")) {
          if (Number(key.split(":").at(-1)) >= window) total += Number(await redis.get(key));
        }
        return total;
      };
      const before = await misses();
      for (let i = 0; i < 3; i++) {
        const { cookie, csrf } = await signInForm("/dashboard");
        const refused = await page("/dashboard/login", { cookies: { [SIGN_IN_COOKIE]: cookie }, form: { csrf, key: randomUUID().replace(/-/g, "").padEnd(40, "0") } });
        expect(refused.status).toBe(401);
      }
      expect(await misses()).toBeGreaterThanOrEqual(before + 3);
    } finally {
      redis.disconnect();
    }
  });
});
