import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "@sluice/sdk";
import { call, createPartner, hasValidSignature, query, startWebhookReceiver, type Partner, type WebhookReceiver } from "@sluice/testkit";

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(() => receiver?.stop());

const create = (key: string, body: unknown) => call("/api/v1/webhooks", { key, body });

async function endpoint(partner: Partner, events: string[] = ["swap.executed"], path = "/hook") {
  const created = await create(partner.key, { url: receiver.url(path), events });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.webhook as { id: string; secret: string; url: string };
}

describe("managing webhook endpoints", () => {
  it("creates an endpoint answering its secret once, lists it without the secret, tests it with a signed delivery, shows the attempts, deletes it", async () => {
    const partner = await createPartner();
    const created = await create(partner.key, { url: receiver.url("/first"), events: ["swap.executed", "bridge.filled", "swap.executed"] });
    expect(created.status).toBe(200);
    expect(created.body.webhook).toMatchObject({
      id: expect.stringMatching(/^whk_/), url: receiver.url("/first"), events: ["swap.executed", "bridge.filled"], status: "active",
      disabled_reason: null, failing_since: null, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
    });
    const { id, secret } = created.body.webhook;
    // Stored encrypted: the secret is nowhere in the row.
    const [row] = await query("select secret_ciphertext from webhook_endpoints where id = $1", [id]);
    expect(row!.secret_ciphertext).toMatch(/^v1\./);
    expect(row!.secret_ciphertext).not.toContain(secret.slice(6, 30));

    const listed = await call("/api/v1/webhooks", { key: partner.key });
    expect(listed.body.webhooks).toEqual([expect.objectContaining({ id, url: receiver.url("/first"), status: "active" })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const tested = await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.delivery).toMatchObject({
      event_type: "webhook.test", status: "delivered", last_status_code: 200, last_error: null,
      attempts: [{ attempt: 1, status_code: 200, latency_ms: expect.any(Number), error: null, attempted_at: expect.any(String) }],
    });
    const got = receiver.received.find((r) => r.json.id === tested.body.delivery.event_id)!;
    expect(got.path).toBe("/first");
    expect(got.json).toMatchObject({ type: "webhook.test", data: { webhook_id: id } });
    expect(got.headers["x-sluice-event-id"]).toBe(tested.body.delivery.event_id);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(hasValidSignature(secret, got)).toBe(true);
    expect(hasValidSignature(`${secret}0`, got)).toBe(false);
    // The SDK's receiving side accepts it too, and refuses it under another secret.
    expect(await verifyWebhook(secret, got.headers, got.body)).toMatchObject({ id: got.json.id, type: "webhook.test" });
    await expect(verifyWebhook(`${secret}0`, got.headers, got.body)).rejects.toMatchObject({ reason: "signature_mismatch" });

    const deliveries = await call(`/api/v1/webhooks/${id}/deliveries`, { key: partner.key });
    expect(deliveries.body.deliveries).toEqual([expect.objectContaining({ id: tested.body.delivery.id, status: "delivered" })]);

    expect(await call(`/api/v1/webhooks/${id}`, { key: partner.key, method: "DELETE" })).toMatchObject({ status: 200, body: { ok: true, deleted: id } });
    expect((await call("/api/v1/webhooks", { key: partner.key })).body.webhooks).toEqual([]);
    expect((await call(`/api/v1/webhooks/${id}/test`, { key: partner.key, method: "POST" })).status).toBe(404);
  });

  it("a key sees only its account's endpoints: another account's answer exactly like an unknown one", async () => {
    const [owner, other] = await Promise.all([createPartner(), createPartner()]);
    const { id } = await endpoint(owner);
    expect((await call("/api/v1/webhooks", { key: other.key })).body.webhooks).toEqual([]);
    for (const [method, path] of [["DELETE", ""], ["POST", "/test"], ["GET", "/deliveries"]] as const) {
      const theirs = await call(`/api/v1/webhooks/${id}${path}`, { key: other.key, method });
      const unknown = await call(`/api/v1/webhooks/whk_00000000000000000000${path}`, { key: other.key, method });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ ...unknown.body, error: unknown.body.error.replace("whk_00000000000000000000", id) });
    }
    // Still there for its owner, and nothing was sent to it.
    expect((await call("/api/v1/webhooks", { key: owner.key })).body.webhooks).toHaveLength(1);
    expect((await call(`/api/v1/webhooks/${id}/deliveries`, { key: owner.key })).body.deliveries).toEqual([]);
    // Without a key: 401.
    expect((await call("/api/v1/webhooks")).status).toBe(401);
    expect((await call("/api/v1/webhooks", { body: { url: receiver.url(), events: ["swap.executed"] } })).status).toBe(401);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const partner = await createPartner();
    const cases: Array<[unknown, RegExp]> = [
      [{ events: ["swap.executed"] }, /^url: /],
      [{ url: 5, events: ["swap.executed"] }, /^url: /],
      [{ url: "https://10.0.0.7/hook", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://169.254.169.254/latest", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://100.64.0.9/", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://[::1]/", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://[fd00::5]/", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://[::ffff:10.0.0.1]/", events: ["swap.executed"] }, /^url: must be a public address/],
      [{ url: "https://localhost/", events: ["swap.executed"] }, /^url: must be a public host name/],
      [{ url: "http://93.184.216.34/", events: ["swap.executed"] }, /^url: must use https/],
      [{ url: "http://127.0.0.2:9/", events: ["swap.executed"] }, /^url: must use https/],
      [{ url: "https://u:p@93.184.216.34/", events: ["swap.executed"] }, /^url: must not carry credentials/],
      [{ url: "not a url", events: ["swap.executed"] }, /^url: /],
      [{ url: receiver.url() }, /^events: /],
      [{ url: receiver.url(), events: [] }, /^events: must name at least one/],
      [{ url: receiver.url(), events: ["swap.done"] }, /^events\.0: must be one of swap\.executed/],
      [{ url: receiver.url(), events: "swap.executed" }, /^events: /],
      [{ url: receiver.url(), events: ["swap.executed"], secret: "mine" }, /secret/],
    ];
    for (const [body, message] of cases) {
      const response = await create(partner.key, body);
      expect(response.status, JSON.stringify([body, response.body])).toBe(400);
      expect(response.body).toMatchObject({ ok: false, code: "MALFORMED_REQUEST" });
      expect(response.body.error, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await call("/api/v1/webhooks", { key: partner.key, rawBody: "{", headers: { "Content-Type": "application/json" }, method: "POST" });
    expect(malformed.status).toBe(400);
    expect((await call("/api/v1/webhooks/x/deliveries?limit=0", { key: partner.key })).body.error).toMatch(/^limit: /);
    expect(await query("select id from webhook_endpoints where account_id = $1", [partner.accountId])).toEqual([]);
  });

  it("an account has at most 20 endpoints", async () => {
    const partner = await createPartner();
    const results = await Promise.all(Array.from({ length: 22 }, () => create(partner.key, { url: receiver.url(), events: ["swap.failed"] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(["CONFLICT", "CONFLICT"]);
  });
});
