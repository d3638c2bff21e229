import { resolveWithDoh, sluiceConfigSchema, type AppEnv, type WebhookDeliverySettings } from "@sluice/core";
import { z } from "zod";

/** The reporting worker's settings: the common ones and the webhooks'. */
export const reportingConfigSchema = sluiceConfigSchema.extend({
  /** 32 bytes (64 hex characters or base64): encrypts the endpoints' signing secrets at rest. */
  WEBHOOK_SIGNING_KEY: z.string().min(1),
  /**
   * `true` on a local stack only (`pnpm dev`, tests): endpoints may be `http://127.0.0.1`, and retries start after 1 s
   * instead of 30 s. Production sets `false`.
   */
  WEBHOOK_LOCAL_DEVELOPMENT: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
});
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
export type ReportingEnv = AppEnv<ReportingConfig>;

/** Public DNS over HTTPS, to check the addresses a webhook host name resolves to (Workers have no resolver). */
export const DOH_RESOLVER = "https://cloudflare-dns.com/dns-query";

export function webhookSettings(config: ReportingConfig): WebhookDeliverySettings {
  const local = config.WEBHOOK_LOCAL_DEVELOPMENT === "true";
  return {
    signingKey: config.WEBHOOK_SIGNING_KEY,
    policy: { allowLocalHttp: local, resolve: resolveWithDoh(DOH_RESOLVER) },
    retryBaseSeconds: local ? 1 : 30,
    timeoutMs: local ? 3000 : 10_000,
  };
}
