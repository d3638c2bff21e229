import { z } from "zod";
import type { AppEnv } from "../http/env.js";
import type { SluiceConfig } from "../config/sluiceConfigSchema.js";
import type { WebhookDeliverySettings } from "./deliverWebhooks.js";
import { resolveWithDoh } from "./webhookUrl.js";
import { parseSigningKey } from "./webhookSecrets.js";

const isSigningKey = (value: string) => {
  try {
    parseSigningKey(value);
    return true;
  } catch {
    return false;
  }
};

/** The settings of a worker that manages or delivers webhooks (reporting, the sandbox), added to its schema. */
export const webhookConfigShape = {
  /**
   * 32 bytes (64 hex characters or base64): encrypts the endpoints' signing secrets at rest. Checked here, so
   * `pnpm deploy:prod` and the Node host refuse a key of another length instead of every endpoint's creation failing.
   */
  WEBHOOK_SIGNING_KEY: z.string().min(1).refine(isSigningKey, "must be 32 bytes: 64 hex characters or base64 (`openssl rand -hex 32`)"),
  /**
   * `true` on a local stack only (`pnpm dev`, tests): endpoints may be `http://127.0.0.1`, and retries start after 1 s
   * (attempts time out after 3 s) instead of 30 s (10 s). Production sets `false`.
   */
  WEBHOOK_LOCAL_DEVELOPMENT: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /**
   * Not a setting but a binding, which only the Node host gives: the `fetch` deliveries use there, which connects to
   * public addresses only, checked at connect time (node-host `createWebhookFetch`: Node's own fetch would follow a
   * name that resolves elsewhere after `checkWebhookUrl`). Declared here so it stays in the parsed configuration that
   * every delivery path is handed. On Workers it is unset: their `fetch` refuses private addresses itself.
   */
  WEBHOOK_FETCH: z.custom<typeof fetch>((v) => typeof v === "function", "must be a function (a binding of the Node host, not a setting)").optional(),
};
export type WebhookConfig = {
  WEBHOOK_SIGNING_KEY: string; WEBHOOK_LOCAL_DEVELOPMENT?: "true" | "false"; WEBHOOK_FETCH?: typeof fetch;
};
export type WebhookAppEnv = AppEnv<SluiceConfig & WebhookConfig, object>;

/** Public DNS over HTTPS, to check the addresses a webhook host name resolves to (Workers have no resolver). */
export const WEBHOOK_DOH_RESOLVER = "https://cloudflare-dns.com/dns-query";
/** One per isolate, so what its control lookup found (`resolverAnswers`) is reused across requests and cron runs. */
const dohResolve = resolveWithDoh(WEBHOOK_DOH_RESOLVER);

export function webhookSettings(config: WebhookConfig): WebhookDeliverySettings {
  const local = config.WEBHOOK_LOCAL_DEVELOPMENT === "true";
  return {
    signingKey: config.WEBHOOK_SIGNING_KEY,
    fetch: config.WEBHOOK_FETCH,
    policy: { allowLocalHttp: local, resolve: dohResolve },
    retryBaseSeconds: local ? 1 : 30,
    timeoutMs: local ? 3000 : 10_000,
  };
}
