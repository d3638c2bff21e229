/**
 * The operator pages in real Chromium: sign in with the admin token, accounts with their volume and rates, keys
 * (issue, revoke), test traffic, settlement preview and run — the partner's rows turn paid on the dashboard and in the
 * API — and the chains. Screenshots go to test-artifacts/operator/.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  admin, artifactsDir, call, createPartner, currentMonth, insertEvents, launchChromium, quote, signInInBrowser,
  type Browser, type Page, type Partner,
} from "@sluice/testkit";

/** A closed month no other test settles. */
const CLOSED = "2005-06";
const base = () => inject("stack").baseUrl;
let browser: Browser;
let operator: Page;
let partnerPage: Page;
let partner: Partner;
const shots = artifactsDir("operator");
const shot = (name: string, target: Page = operator) => target.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
const field = (page: Page, selector: string) => page.locator(selector).first();

beforeAll(async () => {
  partner = await createPartner({ rebateBps: 40 });
  await insertEvents(
    { accountId: partner.accountId, volumeUsd: "2500", occurredAt: `${CLOSED}-10T08:00:00Z` },
    { accountId: partner.accountId, volumeUsd: "500", occurredAt: `${CLOSED}-20T08:00:00Z` },
    { accountId: partner.accountId, volumeUsd: "1000" },
    { accountId: partner.accountId, volumeUsd: "250" },
  );
  browser = await launchChromium();
  operator = await (await browser.newContext()).newPage();
  partnerPage = await (await browser.newContext()).newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe("operator pages in Chromium", () => {
  it("refuse a wrong token, then sign in with the admin token", async () => {
    await signInInBrowser(operator, base(), "operator", "not-the-token");
    expect(new URL(operator.url()).pathname).toBe("/admin/login");
    await expect(operator.getByRole("alert").textContent()).resolves.toContain("Invalid admin token");
    await shot("sign-in-refused");
    await signInInBrowser(operator, base(), "operator", inject("stack").adminToken);
    expect(new URL(operator.url()).pathname).toBe("/admin");
    const cookie = (await operator.context().cookies()).find((c) => c.name === "__Host-sluice-operator")!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict" });
  });

  it("list accounts with the month's qualifying volume and rebate rate, as the ledger counts them", async () => {
    await operator.getByLabel("Slug or name").fill(partner.slug);
    await operator.getByRole("button", { name: "Show" }).click();
    await operator.waitForURL("**/admin?*q=*");
    await shot("accounts");
    const row = operator.locator(`#accounts-table tr[data-account="${partner.slug}"]`);
    expect(await row.count()).toBe(1);
    const [volumeRow] = (await call(`/api/v1/rebates?period=${currentMonth()}`, { key: partner.key })).body.rebates;
    expect(Number(await row.locator('[data-field="qualifying"] [data-value]').getAttribute("data-value"))).toBe(volumeRow.volume_usd);
    expect(volumeRow.volume_usd).toBe(1250);
    expect(Number(await row.locator('[data-field="bps"]').textContent())).toBe(40);
  });

  it("issue a key and revoke it from the account page, through the same operations as the admin API", async () => {
    await operator.getByRole("link", { name: partner.slug }).click();
    await operator.waitForURL(`**/admin/accounts/${partner.slug}`);
    await operator.getByLabel("Name (optional)").fill("issued on the operator page");
    await operator.getByRole("button", { name: "Issue key" }).click();
    const key = (await operator.getByTestId("issued-key").textContent())!.trim();
    await shot("account-key-issued");
    const account = await call("/api/v1/account", { key });
    expect(account.status).toBe(200);
    expect(account.body.account.id).toBe(partner.accountId);
    const listed = (await admin(`/admin/v1/accounts/${partner.slug}/keys`)).body.keys;
    const issued = listed.find((k: any) => k.prefix === key.slice(0, 8));
    expect(issued).toMatchObject({ name: "issued on the operator page", environment: "production" });
    await operator.getByRole("button", { name: `Revoke key ${key.slice(0, 8)}` }).click();
    await operator.waitForURL("**?done=revoked");
    expect((await call("/api/v1/account", { key })).status).toBe(401);
    expect(await field(operator, `#keys-table tr[data-key-id="${issued.id}"] [data-field="status"]`).textContent()).toMatch(/^revoked/);
  });

  it("mark an event as test traffic: it stops earning rebates at once", async () => {
    const events = (await call("/api/v1/usage?event_type=solve", { key: partner.key })).body.events;
    const target = events.find((e: any) => e.volume_usd === 250);
    await operator.getByLabel("Event ids (space or comma separated)").fill(target.id);
    await operator.getByRole("button", { name: "Apply" }).click();
    await operator.waitForURL("**?marked=1");
    await expect(operator.getByRole("status").first().textContent()).resolves.toContain("1 event(s) changed");
    expect(await field(operator, `#events-table tr[data-event-id="${target.id}"] [data-field="test"]`).textContent()).toBe("test");
    await shot("account-marked-test");
    const [volumeRow] = (await call(`/api/v1/rebates?period=${currentMonth()}`, { key: partner.key })).body.rebates;
    expect(volumeRow.volume_usd).toBe(1000);
  });

  it("preview and run a closed month's settlement; the partner's rows turn paid on the dashboard and in the API", async () => {
    await signInInBrowser(partnerPage, base(), "partner", partner.key);
    await partnerPage.goto(`${base()}/dashboard/rebates`);
    const partnerRow = () => field(partnerPage, `#volume-rows tr[data-month="${CLOSED}"] [data-field="status"]`);
    expect(await partnerRow().textContent()).toBe("accrued");

    await operator.getByRole("link", { name: "Settlements" }).click();
    await operator.getByLabel("Month (UTC, ended)").fill(CLOSED);
    await operator.getByRole("button", { name: "Preview" }).click();
    await operator.waitForURL(`**/admin/settlements?month=${CLOSED}`);
    await shot("settlement-preview");
    const preview = (await admin("/admin/v1/settlements", { body: { month: CLOSED, preview: true } })).body.settlement;
    expect(preview).toMatchObject({ status: "preview", volumeRows: 1 });
    expect(Number(preview.totalVolumeUsd)).toBe(3000);
    expect(await operator.getByTestId("settlement-status").getAttribute("data-status")).toBe("preview");
    const totals = async () => ({
      volumeRows: Number(await operator.locator('#settlement-totals [data-field="volumeRows"]').textContent()),
      referralRows: Number(await operator.locator('#settlement-totals [data-field="referralRows"]').textContent()),
      volume: await operator.locator('#settlement-totals [data-field="totalVolumeUsd"] [data-value]').getAttribute("data-value"),
      rebate: await operator.locator('#settlement-totals [data-field="totalRebateUsd"] [data-value]').getAttribute("data-value"),
    });
    const expected = { volumeRows: preview.volumeRows, referralRows: preview.referralRows, volume: "3000", rebate: "12" };
    expect(await totals()).toEqual(expected);
    expect(Number(preview.totalRebateUsd)).toBe(12);
    expect((await call(`/api/v1/rebates?period=${CLOSED}`, { key: partner.key })).body.rebates[0].status).toBe("accrued");

    await operator.getByRole("button", { name: `Settle ${CLOSED}` }).click();
    await operator.waitForURL("**/admin/settlements");
    expect(await operator.getByTestId("settlement-status").getAttribute("data-status")).toBe("settled");
    expect(await totals()).toEqual(expected);
    expect(await operator.locator(`#settlements-table tr[data-month="${CLOSED}"]`).count()).toBe(1);
    await shot("settlement-run");

    const [paid] = (await call(`/api/v1/rebates?period=${CLOSED}`, { key: partner.key })).body.rebates;
    expect(paid).toMatchObject({ status: "paid", volume_usd: 3000, rebate_usd: 12 });
    await partnerPage.reload();
    expect(await partnerRow().textContent()).toBe("paid");
    await shot("partner-rebates-paid", partnerPage);
    // The month after shows it as paid last month.
    await partnerPage.goto(`${base()}/dashboard?month=2005-07`);
    expect(Number(await field(partnerPage, '[data-testid="rebates-paid-previous"] [data-value]').getAttribute("data-value"))).toBe(12);

    // Settling again changes nothing.
    await operator.goto(`${base()}/admin/settlements?month=${CLOSED}`);
    expect(await operator.getByTestId("settlement-status").getAttribute("data-status")).toBe("already_settled");
  });

  it("show each served chain's head, index progress and relayer balances", async () => {
    // A quote on base indexes its pool graph, so base shows how far the index is.
    expect((await quote(partner.key, { from: "WETH", to: "USDC", amount: "1", chain: "base" })).status).toBe(200);
    await operator.getByRole("link", { name: "Chains" }).click();
    await operator.waitForURL("**/admin/chains");
    await shot("chains");
    const manifest = inject("stack").manifest;
    const served = Object.keys(JSON.parse(inject("stack").sluiceChains));
    expect(served.length).toBeGreaterThan(0);
    for (const chain of served) {
      const row = operator.locator(`#chains-table tr[data-chain="${chain}"]`);
      expect(Number(await row.locator('[data-field="head"]').textContent()), chain).toBeGreaterThan(0);
      const relayers = JSON.parse(inject("stack").sluiceChains)[chain].relayers as string[];
      expect(await row.locator("li[data-relayer]").count(), chain).toBe(relayers.length);
      if (relayers.length) expect(await row.locator("li[data-relayer]").first().textContent()).not.toContain("unknown");
    }
    const baseRow = operator.locator('#chains-table tr[data-chain="base"]');
    const indexed = Number(await baseRow.locator('[data-field="indexed"]').textContent());
    expect(indexed).toBeGreaterThan(0);
    expect(indexed).toBeLessThanOrEqual(Number(await baseRow.locator('[data-field="head"]').textContent()));
    expect(manifest).toBeTruthy();
  });

  it("sign out ends the operator session", async () => {
    await operator.getByRole("button", { name: "Sign out" }).click();
    await operator.waitForURL("**/admin/login");
    await operator.goto(`${base()}/admin/settlements`);
    expect(new URL(operator.url()).pathname).toBe("/admin/login");
  });
});
