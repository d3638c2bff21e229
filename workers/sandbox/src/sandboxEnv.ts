import type { AppEnv, SluiceBindings } from "@sluice/core";

/** The sandbox's configuration: the common bindings plus its own deployment of the swap worker. */
export type SandboxBindings = SluiceBindings & {
  /** `sluice-swap-sandbox`: the swap worker deployed with SLUICE_ENVIRONMENT=sandbox, no relayer keys, no recorder. */
  SWAP: Fetcher;
};
export type SandboxEnv = AppEnv<SandboxBindings>;
