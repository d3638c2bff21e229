/**
 * Webhook delivery on the Node host against DNS rebinding: the host name resolves to a public address when the URL is
 * checked and to 127.0.0.1 when the connection is made. Real Postgres, a real HTTP server on 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint, deliverWebhooks, emitWebhookEvents, listWebhookDeliveries, webhookSettings } from "@sluice/core";
import { startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { reportingConfigSchema } from "@sluice/worker-reporting/src/env.js";
import { createWebhookFetch } from "./createWebhookFetch.js";

const signingKey = "0".repeat(64);
let database: TestDatabase;
let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  database = await startTestDatabase();
  await database.db.execute("insert into accounts (id, slug, name) values ('acc_rebind', 'rebind', 'Rebind')");
  server = createServer((_request, response) => response.end("internal service"));
  server.on("connection", () => { connections++; });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.drop();
});

/** Creates an endpoint at `url`, emits one event to it, and makes one delivery attempt; answers the attempt's row. */
async function deliverOnce(url: string, settings: Omit<Parameters<typeof deliverWebhooks>[0], "db" | "signingKey">) {
  const endpoint = await createWebhookEndpoint(database.db, { accountId: "acc_rebind", environment: "production", url, events: ["webhook.test"], signingKey });
  const [deliveryId] = await emitWebhookEvents(database.db, [{
    type: "webhook.test", accountId: "acc_rebind", objectKey: `obj_${endpoint.id}`, endpointId: endpoint.id, environment: "production", data: {},
  }], { attemptNow: true });
  await deliverWebhooks({ db: database.db, signingKey, ...settings, deliveryIds: [deliveryId!] });
  const [delivery] = await listWebhookDeliveries(database.db, endpoint.id, 1);
  return { status_code: delivery!.lastStatusCode, error: delivery!.lastError };
}

/** The check's resolver answers a public address (what the attacker's DNS tells the check). */
const publicToTheCheck = { resolve: async () => ["93.184.216.34"] };
/** The connection's resolver answers loopback (what the same DNS tells the connection a moment later). */
const loopbackAtConnect = (_host: string) => Promise.resolve([{ address: "127.0.0.1", family: 4 }]);

describe("createWebhookFetch: the Node host's webhook connections go to public addresses only", () => {
  it("a name that passed the check but resolves to 127.0.0.1 at connect time is never connected to, and the error says why", async () => {
    const before = connections;
    const webhookFetch = createWebhookFetch({ resolve: loopbackAtConnect });
    const attempt = await deliverOnce(`https://hooks.rebind.example:${port}/hook`, { policy: publicToTheCheck, fetch: webhookFetch, timeoutMs: 3000 });
    expect(connections - before).toBe(0);
    expect(attempt.status_code).toBeNull();
    expect(attempt.error).toMatch(/hooks\.rebind\.example resolves to a non-public address at connect time; not connecting/);
    // Which address is not said: this host's resolver may answer names public DNS does not (a map of its network).
    expect(attempt.error).not.toContain("127.0.0.1");
  });

  it("refuses any non-public answer, 169.254.169.254 (cloud metadata) and IPv6 loopback among public ones", async () => {
    for (const answer of [[{ address: "169.254.169.254", family: 4 }], [{ address: "93.184.216.34", family: 4 }, { address: "::1", family: 6 }]]) {
      const webhookFetch = createWebhookFetch({ resolve: async () => answer });
      const error = await webhookFetch(`http://hooks.rebind.example:${port}/`, { method: "POST" }).then(() => "connected", (e: Error) => e.message);
      expect(error).toMatch(/resolves to a non-public address at connect time/);
    }
    expect(connections).toBe(0);
  });

  it("a private address literal is refused at connect time too (a URL that skipped the check)", async () => {
    const error = await createWebhookFetch({})(`http://127.0.0.1:${port}/`, { method: "POST" }).then(() => "connected", (e: Error) => e.message);
    expect(error).toMatch(/127\.0\.0\.1 is not a public address/);
    expect(connections).toBe(0);
  });

  it("the reporting area's settings carry the fetch the Node host binds (WEBHOOK_FETCH) through to delivery", async () => {
    const webhookFetch = createWebhookFetch({ resolve: loopbackAtConnect });
    const config = reportingConfigSchema.parse({
      DATABASE_URL: database.url, REDIS_URL: "redis://127.0.0.1:6379", SLUICE_ENVIRONMENT: "production",
      WEBHOOK_SIGNING_KEY: signingKey, WEBHOOK_FETCH: webhookFetch,
    });
    const attempt = await deliverOnce(`https://hooks.rebind.example:${port}/settings`, { ...webhookSettings(config), policy: publicToTheCheck, timeoutMs: 3000 });
    expect(attempt.error).toMatch(/resolves to a non-public address at connect time/);
    expect(connections).toBe(0);
  });

  it("local development (WEBHOOK_LOCAL_DEVELOPMENT=true) still delivers to http://127.0.0.1, and only to that literal", async () => {
    const webhookFetch = createWebhookFetch({ allowLocalHttp: true, resolve: loopbackAtConnect });
    const attempt = await deliverOnce(`http://127.0.0.1:${port}/local`, { policy: { allowLocalHttp: true }, fetch: webhookFetch, timeoutMs: 3000 });
    expect(attempt).toEqual({ status_code: 200, error: null });
    const named = await webhookFetch(`http://hooks.rebind.example:${port}/`, { method: "POST" }).then(() => "connected", (e: Error) => e.message);
    expect(named).toMatch(/resolves to a non-public address at connect time/);
    expect(connections).toBe(1);
  });

  it("an attempt cut by close() (the host stopping) records nothing: its lease lapses and it is sent again, not blamed on the receiver", async () => {
    // A receiver that never answers, on its own server.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`;
      const endpoint = await createWebhookEndpoint(database.db, { accountId: "acc_rebind", environment: "production", url, events: ["webhook.test"], signingKey });
      const [deliveryId] = await emitWebhookEvents(database.db, [{
        type: "webhook.test", accountId: "acc_rebind", objectKey: "obj_abandoned", endpointId: endpoint.id, environment: "production", data: {},
      }], { attemptNow: true });
      const webhookFetch = createWebhookFetch({ allowLocalHttp: true });
      const pass = deliverWebhooks({ db: database.db, signingKey, policy: { allowLocalHttp: true }, fetch: webhookFetch, timeoutMs: 10_000, deliveryIds: [deliveryId!] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await webhookFetch.close();
      expect(await pass).toMatchObject({ attempted: 1, retrying: 1, failed: 0 });
      const row = (await database.db.execute<{ status: string; leased: boolean; last_error: string | null }>(
        `select status, lease_until > now() as leased, last_error from webhook_deliveries where id = '${deliveryId}'`)).rows[0]!;
      expect(row).toEqual({ status: "pending", leased: true, last_error: null });
      const [endpointRow] = (await database.db.execute<{ failing_since: Date | null }>(`select failing_since from webhook_endpoints where id = '${endpoint.id}'`)).rows;
      expect(endpointRow!.failing_since).toBeNull();
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
