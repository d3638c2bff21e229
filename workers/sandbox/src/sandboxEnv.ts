import { sluiceConfigSchema, webhookConfigShape, type AppEnv } from "@sluice/core";
import type { z } from "zod";

/** The sandbox's settings: the common ones and the webhooks' (the same signing key as the reporting worker's). */
export const sandboxConfigSchema = sluiceConfigSchema.extend(webhookConfigShape);
export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

/** The sandbox's bindings beyond its settings (the common ones): its own deployment of the swap worker. */
export type SandboxBindings = {
  /** `sluice-swap-sandbox`: the swap worker deployed with SLUICE_ENVIRONMENT=sandbox, no relayer keys, no recorder. */
  SWAP: Fetcher;
};
export type SandboxEnv = AppEnv<SandboxConfig, SandboxBindings>;
