import type { AppEnv, SluiceBindings } from "@sluice/core";
import { acrossConfigFromEnv, createAcrossClient, type AcrossBindings } from "@sluice/core/bridge/index";

export type BridgeBindings = SluiceBindings & AcrossBindings;
export type BridgeEnv = AppEnv<BridgeBindings>;

/** The Across client of this deployment (configuration from the worker's secrets). */
export function acrossFromEnv(env: BridgeBindings) {
  const config = acrossConfigFromEnv(env);
  return { config, across: createAcrossClient(config) };
}
