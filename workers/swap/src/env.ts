import { positiveIntSetting, relayerPrivateKeysSetting, sluiceConfigSchema, type AppEnv, type UsageRecorderBinding } from "@sluice/core";
import { z } from "zod";

/** The swap worker's settings (wrangler.toml vars and secrets), parsed once per isolate. */
export const swapConfigSchema = sluiceConfigSchema.extend({
  /** Private keys of the relayer wallets (comma-separated 0x hex); only those on a chain's relayer list are used. */
  RELAYER_PRIVATE_KEYS: relayerPrivateKeysSetting(),
  /** A relayer transaction pending this long (ms) is replaced; default 60 s. */
  RELAYER_STUCK_AFTER_MS: positiveIntSetting().transform((v) => v ?? 60_000),
  /** The health route re-checks relayer balances older than this (ms); default 60 s (the cron checks every minute). */
  RELAYER_BALANCE_MAX_AGE_MS: positiveIntSetting(),
  /** Subrequests one cron invocation may spend indexing, shared by the chains; default 500 (the paid plan allows 1,000). */
  INDEX_MAX_SUBREQUESTS: positiveIntSetting(),
  /** Wall time (ms) one cron invocation may spend indexing; default 20,000. */
  INDEX_MAX_MS: positiveIntSetting(),
});
export type SwapConfig = z.infer<typeof swapConfigSchema>;

/** The swap worker's bindings beyond its settings. */
export type SwapBindings = {
  /** The reporting worker's `UsageRecorder` entrypoint; absent on the sandbox deployment (nothing is recorded). */
  USAGE?: UsageRecorderBinding;
};

export type SwapEnv = AppEnv<SwapConfig, SwapBindings>;
