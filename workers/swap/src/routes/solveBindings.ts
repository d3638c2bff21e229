import type { AppEnv, SluiceBindings, UsageRecorderBinding } from "@sluice/core";

/** What /solve and /confirm need beyond every worker's configuration. */
export type SolveBindings = SluiceBindings & {
  /** The reporting worker's `UsageRecorder` entrypoint (exactly-once usage events, durable outbox). */
  USAGE: UsageRecorderBinding;
  /** Private keys of the relayer wallets (comma-separated 0x hex); only those on a chain's relayer list are used. */
  RELAYER_PRIVATE_KEYS?: string;
  /** A relayer transaction pending this long is replaced (default 60 s). */
  RELAYER_STUCK_AFTER_MS?: string;
};

export type SolveEnv = AppEnv<SolveBindings>;
