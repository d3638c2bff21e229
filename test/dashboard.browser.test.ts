/**
 * The partner dashboard in real Chromium: sign in with a key, every figure against what the API answers for the same
 * account, months, pagination, CSV export, keys (revoke, issue), webhooks (add, test, deliveries, delete), sign-out,
 * refusals. Screenshots of each page go to
 * test-artifacts/dashboard/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  allUsage, artifactsDir, call, type Browser, type BrowserContext, type Page, createPartner, hasValidSignature, insertEvents, launchChromium, seedDashboardPartner,
  signInInBrowser, startWebhookReceiver, type DashboardPartner, type WebhookReceiver,
} from "@sluice/testkit";

const base = () => inject("stack").baseUrl;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let seed: DashboardPartner;
let receiver: WebhookReceiver;
const shots = artifactsDir("dashboard");
const shot = (name: string, target = page) => target.screenshot({ path: join(shots, `${name}.png`), fullPage: true });

/** The exact decimal a figure carries (`data-value`), as a number. */
const valueOf = async (selector: string) => Number(await page.locator(selector).first().getAttribute("data-value"));
const cents = (n: number) => Math.round(n * 100) / 100;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

beforeAll(async () => {
  seed = await seedDashboardPartner();
  receiver = await startWebhookReceiver();
  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.stop();
});

describe("partner dashboard in Chromium", () => {
  it("refuses a bad key on the sign-in page and keeps no session", async () => {
    await signInInBrowser(page, base(), "partner", "0123456789abcdef0123456789abcdef01234567");
    expect(new URL(page.url()).pathname).toBe("/dashboard/login");
    await expect(page.getByRole("alert").textContent()).resolves.toContain("Invalid or revoked API key");
    expect((await context.cookies()).map((c) => c.name)).not.toContain("__Host-sluice-partner");
    await shot("sign-in-refused");
  });

  it("signs in with a key: a Secure, HttpOnly, SameSite=Strict session cookie; the key is not in the browser", async () => {
    await signInInBrowser(page, base(), "partner", seed.partner.key);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    const session = (await context.cookies()).find((c) => c.name === "__Host-sluice-partner")!;
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    expect(session.expires).toBeGreaterThan(Date.now() / 1000);
    const stored = JSON.stringify(await context.storageState());
    expect(stored).not.toContain(seed.partner.key);
    expect(await page.content()).not.toContain(seed.partner.key);
  });

  it("overview: executed volume per day, events by type, rebates and gasless share equal the API's figures", async () => {
    await page.goto(`${base()}/dashboard`);
    await shot("overview");
    const key = seed.partner.key;
    const usage = (await call(`/api/v1/usage?period=${seed.month}`, { key })).body;
    const events = await allUsage(key, { period: seed.month });
    expect(cents(await valueOf('[data-testid="executed-volume"] [data-value]'))).toBe(usage.totals_by_type.executed);
    for (const status of ["quoted", "encoded", "pending", "executed", "failed"]) {
      const row = page.locator(`#events-by-type tr[data-status="${status}"]`);
      expect(cents(Number(await row.locator("[data-value]").getAttribute("data-value"))), status).toBe(usage.totals_by_type[status]);
      expect(Number(await row.locator("[data-count]").getAttribute("data-count")), status).toBe(events.filter((e) => e.status === status).length);
    }
    // The chart's table: one row per day, each the API's executed events of that day.
    const days = await page.locator("#daily-table tbody tr").evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute("data-day"), Number(r.querySelector("[data-value]")!.getAttribute("data-value"))] as const));
    expect(days.length).toBeGreaterThanOrEqual(28);
    for (const [day, value] of days) {
      expect(cents(value), day!).toBe(cents(sum(events.filter((e) => e.status === "executed" && e.created_at.startsWith(day)).map((e) => e.volume_usd))));
    }
    expect(await page.locator("#daily-chart rect.bar").count()).toBe(days.length);
    const rebates = (await call(`/api/v1/rebates?period=${seed.month}`, { key })).body.rebates;
    expect(await valueOf('[data-testid="rebates-accrued"] [data-value]')).toBeCloseTo(sum(rebates.filter((r: any) => r.status === "accrued").map((r: any) => r.rebate_usd)), 9);
    const paid = (await call(`/api/v1/rebates?period=${seed.previous}`, { key })).body.rebates;
    expect(await valueOf('[data-testid="rebates-paid-previous"] [data-value]')).toBeCloseTo(sum(paid.filter((r: any) => r.status === "paid").map((r: any) => r.rebate_usd)), 9);
    const share = (100 * seed.gaslessUsd / (seed.gaslessUsd + seed.userPaidUsd)).toFixed(1);
    expect(await page.getByTestId("gasless-share").getAttribute("data-value")).toBe(share);
  });

  it("switches months: the previous month's figures are the API's for that month", async () => {
    await page.getByRole("link", { name: `← ${seed.previous}` }).click();
    await page.waitForURL(`**/dashboard?month=${seed.previous}`);
    await shot("overview-previous-month");
    const usage = (await call(`/api/v1/usage?period=${seed.previous}`, { key: seed.partner.key })).body;
    expect(usage.totals_by_type.executed).toBe(640);
    expect(cents(await valueOf('[data-testid="executed-volume"] [data-value]'))).toBe(usage.totals_by_type.executed);
    expect(cents(Number(await page.locator('#events-by-type tr[data-status="quoted"] [data-value]').getAttribute("data-value")))).toBe(usage.totals_by_type.quoted);
    expect(Number(await page.locator(`#daily-table tr[data-day="${seed.previous}-15"] [data-value]`).getAttribute("data-value"))).toBe(640);
  });

  it("usage: totals, cursor pages and the event type filter equal /api/v1/usage", async () => {
    const key = seed.partner.key;
    await page.getByRole("link", { name: "Usage" }).click();
    await page.waitForURL("**/dashboard/usage");
    await shot("usage");
    const api = (await call("/api/v1/usage?limit=50", { key })).body;
    expect(cents(await valueOf('[data-testid="usage-total"] [data-value]'))).toBe(api.total_volume_usd);
    const ids = () => page.locator("#usage-table tbody tr[data-event-id]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-event-id")));
    expect(await ids()).toEqual(api.events.map((e: any) => e.id));
    await page.getByRole("link", { name: "Older events →" }).click();
    await page.waitForURL("**/dashboard/usage?cursor=*");
    await shot("usage-page-2");
    const second = (await call(`/api/v1/usage?limit=50&cursor=${api.next_cursor}`, { key })).body;
    expect(await ids()).toEqual(second.events.map((e: any) => e.id));

    await page.getByLabel("Event type").selectOption("solve");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL("**/dashboard/usage?*event_type=solve*");
    const solves = (await call("/api/v1/usage?event_type=solve&limit=50", { key })).body;
    expect(cents(await valueOf('[data-testid="usage-total"] [data-value]'))).toBe(solves.total_volume_usd);
    expect(await ids()).toEqual(solves.events.map((e: any) => e.id));
  });

  it("exports the filtered events as CSV, exactly the events and values the API answers", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("sluice-usage-solve.csv");
    const lines = readFileSync((await download.path())!, "utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,event_type,chain,volume_usd,is_dry_run,is_test,status,tx_hash,created_at");
    const api = await allUsage(seed.partner.key, { event_type: "solve" });
    expect(lines.slice(1)).toEqual(api.map((e) =>
      [e.id, e.event_type, e.chain, String(e.volume_usd), String(e.is_dry_run), String(e.is_test), e.status, e.tx_hash ?? "", e.created_at].join(",")));
  });

  it("rebates: monthly and referral rows as /api/v1/rebates answers them, the formula, a chart over months", async () => {
    await page.getByRole("link", { name: "Rebates" }).click();
    await page.waitForURL("**/dashboard/rebates");
    await shot("rebates");
    await expect(page.getByTestId("formula").textContent()).resolves.toBe("rebate_usd = volume_usd × rebate_bps ÷ 10,000");
    const rows = (await call("/api/v1/rebates", { key: seed.partner.key })).body.rebates;
    expect(rows.some((r: any) => r.kind === "referral")).toBe(true);
    for (const r of rows) {
      const table = r.kind === "volume" ? "#volume-rows" : "#referral-rows";
      const row = page.locator(`${table} tr[data-month="${r.period_start.slice(0, 7)}"]`);
      expect(await row.count()).toBe(1);
      expect(Number(await row.locator('[data-field="volume"] [data-value]').getAttribute("data-value"))).toBe(r.volume_usd);
      expect(Number(await row.locator('[data-field="bps"]').textContent())).toBe(r.rebate_bps);
      expect(Number(await row.locator('[data-field="rebate"] [data-value]').getAttribute("data-value"))).toBe(r.rebate_usd);
      expect(await row.locator('[data-field="status"]').textContent()).toBe(r.status);
    }
    expect(await page.locator("#rebates-chart rect.bar").count()).toBe(12);
    const chartValue = Number(await page.locator(`#rebates-by-month tr[data-month="${seed.month}"] [data-value]`).getAttribute("data-value"));
    expect(chartValue).toBeCloseTo(sum(rows.filter((r: any) => r.period_start.startsWith(seed.month)).map((r: any) => r.rebate_usd)), 9);
  });

  it("keys: lists them; a revoked key is refused by the API at once; an issued sandbox key works on the sandbox", async () => {
    await page.getByRole("link", { name: "Keys" }).click();
    await page.waitForURL("**/dashboard/keys");
    expect(await page.locator("#keys-table tbody tr").count()).toBe(2);
    const signedInRow = page.locator(`#keys-table tr[data-key-id="${seed.partner.keyId}"]`);
    expect(await signedInRow.locator("time").count()).toBe(2); // created and last used
    await shot("keys");
    const prefix = seed.second.key.slice(0, 8);
    expect((await call("/api/v1/account", { key: seed.second.key })).status).toBe(200);
    await page.getByRole("button", { name: `Revoke key ${prefix}` }).click();
    await page.waitForURL("**/dashboard/keys?done=revoked");
    expect(await page.locator(`#keys-table tr[data-key-id="${seed.second.keyId}"] [data-field="status"]`).textContent()).toMatch(/^revoked/);
    expect((await call("/api/v1/account", { key: seed.second.key })).status).toBe(401);

    await page.getByLabel("Name (optional)").fill("from the dashboard");
    await page.getByRole("button", { name: "Issue a sandbox key" }).click();
    const issued = (await page.getByTestId("issued-key").textContent())!.trim();
    expect(issued).toMatch(/^[0-9a-f]{40}$/);
    await shot("keys-issued");
    const sandbox = await call("/api/v1/account", { key: issued, target: "sandbox" });
    expect(sandbox.status).toBe(200);
    expect(sandbox.body.account.id).toBe(seed.partner.accountId);
    expect((await call("/api/v1/account", { key: issued })).status).toBe(401); // a sandbox key, not a production one
  });

  it("webhooks: adds an endpoint at a receiver (secret shown once), sends a test event whose delivery row is the API's, deletes it", async () => {
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("**/dashboard/webhooks");
    expect(await page.getByTestId("no-webhooks").count()).toBe(1);
    const url = receiver.url("/dashboard-hook");
    await page.getByLabel("URL (https, public address)").fill(url);
    await page.getByLabel("swap.executed").check();
    await page.getByLabel("bridge.filled").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.waitForURL("**/dashboard/webhooks/create");
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const id = (await page.getByTestId("webhook-secret").getAttribute("data-webhook-id"))!;
    const key = seed.partner.key;
    const [listed] = (await call("/api/v1/webhooks", { key })).body.webhooks;
    expect(listed).toMatchObject({ id, url, events: ["swap.executed", "bridge.filled"], status: "active" });
    const row = page.locator(`#webhooks-table tr[data-webhook-id="${id}"]`);
    expect(await row.locator('[data-field="events"]').textContent()).toBe("swap.executed, bridge.filled");
    expect(await row.locator('[data-field="status"]').textContent()).toBe("enabled");
    await shot("webhooks-created");

    // The receiver answers 202 (not the default 200), so the row shows the status code it really got.
    receiver.respond(() => 202);
    await page.getByRole("button", { name: `Send a test event to ${url}` }).click();
    await page.waitForURL("**/dashboard/webhooks?done=tested");
    receiver.respond(() => 200);
    const got = receiver.received.find((r) => r.json.type === "webhook.test" && r.json.data.webhook_id === id)!;
    expect(hasValidSignature(secret, got)).toBe(true);
    expect(await page.content()).not.toContain(secret);
    const [delivery] = (await call(`/api/v1/webhooks/${id}/deliveries`, { key })).body.deliveries;
    expect(delivery).toMatchObject({ event_id: got.json.id, event_type: "webhook.test", status: "delivered", last_status_code: 202 });
    const deliveryRow = page.locator(`table.deliveries[data-webhook-id="${id}"] tr[data-delivery-id="${delivery.id}"]`);
    expect(await deliveryRow.locator('[data-field="event-type"]').textContent()).toBe(delivery.event_type);
    expect(Number(await deliveryRow.locator('[data-field="status-code"]').textContent())).toBe(delivery.last_status_code);
    expect(await deliveryRow.locator('[data-field="latency"]').textContent()).toBe(`${delivery.attempts[0].latency_ms} ms`);
    expect(await deliveryRow.locator('[data-field="attempted"] time').getAttribute("datetime")).toBe(delivery.attempts[0].attempted_at);
    expect(await deliveryRow.locator('[data-field="error"]').textContent()).toBe("");
    await shot("webhooks-delivery");

    await page.getByRole("button", { name: `Delete endpoint ${url}` }).click();
    await page.waitForURL("**/dashboard/webhooks?done=deleted");
    expect(await page.locator(`#webhooks-table tr[data-webhook-id="${id}"]`).count()).toBe(0);
    expect((await call("/api/v1/webhooks", { key })).body.webhooks).toEqual([]);
    await shot("webhooks-deleted");
  });

  it("another account's data is not reachable by URL, and a form without the CSRF token is refused", async () => {
    const other = await createPartner();
    const [theirs] = await insertEvents({ accountId: other.accountId, volumeUsd: "77" });
    await page.goto(`${base()}/dashboard/usage?account=${other.accountId}&account_id=${other.accountId}`);
    expect(await page.content()).not.toContain(theirs!.id);
    const revoke = await page.request.post(`${base()}/dashboard/keys/revoke`, { form: { keyId: other.keyId, csrf: await page.locator('input[name="csrf"]').first().inputValue() }, maxRedirects: 0 });
    expect(revoke.status()).toBe(404);
    expect((await call("/api/v1/account", { key: other.key })).status).toBe(200);
    const noCsrf = await page.request.post(`${base()}/dashboard/keys/issue`, { form: { name: "x" }, maxRedirects: 0 });
    expect(noCsrf.status()).toBe(403);
  });

  it("is usable with a keyboard and labelled, and fits a phone's width", async () => {
    for (const path of ["/dashboard/webhooks", "/dashboard/usage"]) {
      await page.goto(`${base()}${path}`);
      const unlabelled = await page.locator("input:not([type=hidden]), select").evaluateAll((fields) =>
        fields.filter((f) => (f as unknown as { labels?: { length: number } }).labels?.length === 0).map((f) => f.outerHTML));
      expect(unlabelled, path).toEqual([]);
    }
    await page.keyboard.press("Tab");
    expect(await page.evaluate("document.activeElement?.textContent")).toBe("Skip to content");
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/dashboard", "/dashboard/usage", "/dashboard/rebates", "/dashboard/keys", "/dashboard/webhooks"]) {
      await phone.goto(`${base()}${path}`);
      const overflow = await phone.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await phone.goto(`${base()}/dashboard`);
    await shot("overview-phone", phone);
    await phone.close();
  });

  it("signs out: the session ends and the pages ask to sign in again", async () => {
    await page.goto(`${base()}/dashboard`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/dashboard/login");
    expect((await context.cookies()).map((c) => c.name)).not.toContain("__Host-sluice-partner");
    await page.goto(`${base()}/dashboard/usage`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/login");
    await shot("signed-out");
  });

  it("a sandbox key opens the sandbox view, which says so", async () => {
    const sandboxPage = await (await browser.newContext()).newPage();
    const partner = await createPartner({ environment: "sandbox" });
    await signInInBrowser(sandboxPage, base(), "partner", partner.key);
    await expect(sandboxPage.getByTestId("sandbox-banner").textContent()).resolves.toContain("Sandbox view.");
    await shot("sandbox-overview", sandboxPage);
    await sandboxPage.context().close();
  });
});
