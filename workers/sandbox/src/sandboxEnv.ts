import type { AppEnv, SluiceConfig } from "@sluice/core";

/** The sandbox's bindings beyond its settings (the common ones): its own deployment of the swap worker. */
export type SandboxBindings = {
  /** `sluice-swap-sandbox`: the swap worker deployed with SLUICE_ENVIRONMENT=sandbox, no relayer keys, no recorder. */
  SWAP: Fetcher;
};
export type SandboxEnv = AppEnv<SluiceConfig, SandboxBindings>;
