import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call, createPartner, hasValidSignature, issueKey, newUser, query, solveBody, startWebhookReceiver, type WebhookReceiver,
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
});
