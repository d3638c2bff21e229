import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { swapWithPermit } from "@sluice/core/client";
import {
  call, connection, createPartner, hasValidSignature, issueKey, newUser, query, reader, solveBody, startWebhookReceiver, walletOf,
  type WebhookReceiver,
} from "@sluice/testkit";

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(() => receiver?.stop());

const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe("the sandbox's webhooks", () => {
  it("a sandbox key manages sandbox endpoints, which hear of the sandbox's dry-run solves; production's stay apart", async () => {
    const production = await createPartner();
    const sandbox = await issueKey(production.slug, { environment: "sandbox" });
    const created = await call("/api/v1/webhooks", { key: sandbox.key, target: "sandbox", body: { url: receiver.url("/sandbox"), events: ["swap.executed"] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, secret } = created.body.webhook;
    const prod = await call("/api/v1/webhooks", { key: production.key, body: { url: receiver.url("/production"), events: ["swap.executed"] } });
    expect(prod.status).toBe(200);
    // Each environment lists and reaches only its own endpoints.
    expect((await call("/api/v1/webhooks", { key: sandbox.key, target: "sandbox" })).body.webhooks.map((w: any) => w.id)).toEqual([id]);
    expect((await call("/api/v1/webhooks", { key: production.key })).body.webhooks.map((w: any) => w.id)).toEqual([prod.body.webhook.id]);
    expect((await call(`/api/v1/webhooks/${id}/deliveries`, { key: production.key })).status).toBe(404);
    expect((await call(`/api/v1/webhooks/${prod.body.webhook.id}/test`, { key: sandbox.key, target: "sandbox", method: "POST" })).status).toBe(404);

    const user = await newUser("base", "USDC", "250");
    const solved = await call("/api/v1/solve", { key: sandbox.key, target: "sandbox", body: await solveBody({ chain: "base", user, symbol: "USDC", amount: "250", to: "WETH" }) });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    const [got] = await receiver.waitFor(() => at("/sandbox").length === 1, 20_000).then(() => at("/sandbox"));
    expect(hasValidSignature(secret, got!)).toBe(true);
    expect(got!.json).toMatchObject({
      type: "swap.executed",
      data: {
        id: expect.stringMatching(/^evt_/), event_type: "solve", chain: "base", is_dry_run: true, status: "encoded", tx_hash: null,
        volume_usd: Math.round(solved.body.quote.volumeUsd * 100) / 100,
      },
    });
    // Nothing recorded, nothing sent to production's endpoint.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(at("/production")).toEqual([]);
    expect(await query("select count(*)::int as n from usage_events where account_id = $1", [production.accountId])).toEqual([{ n: 0 }]);
    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: sandbox.key, target: "sandbox", method: "POST" });
    expect(tested.body.delivery).toMatchObject({ status: "delivered", event_type: "webhook.test" });
  });

  it("a sandbox key's endpoints leave production its own: each environment has at most 20", async () => {
    const production = await createPartner();
    const sandbox = await issueKey(production.slug, { environment: "sandbox" });
    const create = (key: string, target?: "sandbox") =>
      call("/api/v1/webhooks", { key, target, body: { url: receiver.url("/quota"), events: ["swap.failed"] } });
    const sandboxed = await Promise.all(Array.from({ length: 21 }, () => create(sandbox.key, "sandbox")));
    expect(sandboxed.filter((r) => r.status === 200)).toHaveLength(20);
    expect(sandboxed.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(["CONFLICT"]);
    const produced = await Promise.all(Array.from({ length: 21 }, () => create(production.key)));
    expect(produced.filter((r) => r.status === 200), JSON.stringify(produced[0]!.body)).toHaveLength(20);
    expect(produced.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(["CONFLICT"]);
  });

  it("a sandbox key's flood of deliveries to an endpoint that never answers holds few database connections and does not hold up production's webhooks", async () => {
    const production = await createPartner();
    const sandbox = await issueKey(production.slug, { environment: "sandbox" });
    const flood = await call("/api/v1/webhooks", { key: sandbox.key, target: "sandbox", body: { url: receiver.url("/flood"), events: ["swap.executed"] } });
    expect(flood.status, JSON.stringify(flood.body)).toBe(200);
    const prod = await call("/api/v1/webhooks", { key: production.key, body: { url: receiver.url("/prod"), events: ["swap.executed"] } });
    expect(prod.status).toBe(200);
    receiver.respond((r) => (r.path === "/flood" ? "hang" : 200));
    // The stack's connections to its database, sampled through the flood: an announcement held its own for as long as
    // its delivery waited on the silent endpoint, so a flood of free dry runs could take every connection Postgres has.
    const connections = () => query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database()").then((rows) => rows[0]!.n);
    const before = await connections();
    let most = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, await connections());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      // One signed dry run sent again and again: each answer is announced to the silent endpoint.
      const user = await newUser("base", "USDC", "250");
      const body = await solveBody({ chain: "base", user, symbol: "USDC", amount: "250", to: "WETH" });
      for (let batch = 0; batch < 20; batch++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => call("/api/v1/solve", { key: sandbox.key, target: "sandbox", body })));
        for (const answer of answers) expect(answer.status).toBe(200);
      }
      const announced = async () => (await query(
        "select count(*)::int as n from webhook_deliveries where endpoint_id = $1", [flood.body.webhook.id]))[0]!.n;
      await expect.poll(announced, { timeout: 30_000 }).toBe(200);
      sampling = false;
      await sampler;
      // Ten dry runs at a time write their events (a connection each, for milliseconds), two announcements deliver at
      // once, the cron runs its pass. Before, every announcement kept its connection while it waited: 79 here, and as
      // many as the flood's requests on a faster machine, past what a shared Postgres has (100 by default).
      expect(most - before, `connections went from ${before} to ${most}`).toBeLessThanOrEqual(30);

      const payer = await newUser("base", "USDC", "30");
      const result = await swapWithPermit(connection(production.key), {
        from: "USDC", to: "WETH", amount: "30", chain: "base", wallet: walletOf("base", payer.account), reader: reader("base"),
      });
      expect(result.solve, JSON.stringify(result.solve)).toMatchObject({ ok: true });
      await receiver.waitFor((all) => all.some((r) => r.path === "/prod" && r.json.type === "swap.executed"), 15_000);
    } finally {
      sampling = false;
      await sampler;
      receiver.respond(() => 200);
      await call(`/api/v1/webhooks/${flood.body.webhook.id}`, { key: sandbox.key, target: "sandbox", method: "DELETE" });
    }
  });
});
