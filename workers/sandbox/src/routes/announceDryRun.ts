import type { Context } from "hono";
import { announceDryRunSolve, authenticateApiKey, createDbFromConfig, webhookSettings } from "@sluice/core";
import type { SandboxEnv } from "../sandboxEnv.js";

type SolveAnswer = { ok: true; quote: { volumeUsd: number }; transaction: { chain: string } };

/**
 * Announces a dry-run solve the sandbox answered to the key's account's sandbox endpoints (`announceDryRunSolve`).
 * Runs after the answer, on a connection of its own. Delivery is attempted at once while the isolate's budget of such
 * passes has room, and then only as much as the time after the answer holds; past the budget (a flood of replayed dry
 * runs) the deliveries are left due for the reporting cron, which also makes the retries (same outbox, production's
 * sent first).
 */
export async function announceDryRun(c: Context<SandboxEnv>, key: string, response: Response): Promise<void> {
  const answer = await response.json() as SolveAnswer;
  if (!answer.ok) return;
  const config = c.get("config");
  const { db, close } = createDbFromConfig(config);
  const release = c.get("services").caches.inlineDeliveries.claim();
  try {
    const auth = await authenticateApiKey({ key, environment: "sandbox", db, redis: c.get("services").redis });
    if (!auth) return;
    await announceDryRunSolve({
      db, ...webhookSettings(config), deliverNow: release !== undefined,
      solve: { accountId: auth.accountId, isTest: auth.isTest, chain: answer.transaction.chain, volumeUsd: answer.quote.volumeUsd },
    });
  } finally {
    release?.();
    await close();
  }
}
