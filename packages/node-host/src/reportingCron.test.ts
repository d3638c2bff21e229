/**
 * The reporting cron on the Node host, where Redis is one TCP connection handed to the areas as the `REDIS` binding
 * and the Upstash REST settings are absent: a run drains the usage outbox through that connection. Real PostgreSQL
 * and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, newId, redisKeys } from "@sluice/core";
import { createTcpRedis } from "@sluice/core/node";
import { leaseRedisDatabase, startTestDatabase, type TestDatabase } from "@sluice/testkit";
import { areaSettings } from "./areaSettings.js";
import { nodeHostAreas } from "./nodeHostAreas.js";
import { readWranglerConfig } from "./readWranglerConfig.js";
import { REPO_ROOT } from "./startNodeHost.js";

let database: TestDatabase;
beforeAll(async () => { database = await startTestDatabase("sluice_node_cron"); });
afterAll(async () => { await database?.drop(); });

describe("the reporting cron on the Node host", () => {
  it("reaches Redis through the host's REDIS binding when only REDIS_URL is set", async () => {
    const lease = await leaseRedisDatabase();
    const redisUrl = lease.url;
    const tcp = createTcpRedis({ url: redisUrl });
    const { redis } = tcp;
    expect(await tcp.ready(5_000)).toBe(true);
    try {
      const reporting = nodeHostAreas().map((area) => ({ ...area, wrangler: readWranglerConfig(REPO_ROOT, area.config) }))
        .find((d) => d.wrangler.name === "sluice-reporting")!;
      const env: Record<string, unknown> = areaSettings({
        schema: reporting.schema, wrangler: reporting.wrangler, anySecret: new Set(reporting.wrangler.secrets),
        settings: { DATABASE_URL: database.url, REDIS_URL: redisUrl, SLUICE_ENVIRONMENT: "production", WEBHOOK_SIGNING_KEY: "0".repeat(64), SLUICE_CHAINS: "{}" },
      });
      env.REDIS = redis;
      const account = await createAccount(database.db, { slug: "node-cron", name: "node-cron" });
      const id = newId("evt");
      await redis.hset(redisKeys.usageOutbox, { [id]: JSON.stringify({
        id, accountId: account.id, apiKeyId: null, eventType: "route", chain: "base", volumeUsd: "1", isDryRun: false, isTest: false,
        txHash: null, outcome: null, occurredAt: new Date().toISOString(),
      }) });
      await reporting.scheduled!({ cron: "* * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env, { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext);
      expect(await redis.hexists(redisKeys.usageOutbox, id)).toBe(0);
    } finally {
      await tcp.close();
      await lease.release();
    }
  });
});
