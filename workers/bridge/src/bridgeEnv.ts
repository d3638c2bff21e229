import {
  ACROSS_INTEGRATOR_ID_PATTERN, ACROSS_TIMEOUT_MS_PATTERN, acrossConfigFromEnv, isBridgeFeeRecipient, BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN, BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS_PATTERN, BRIDGE_MAX_FEE_BPS_PATTERN,
  BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN, createAcrossClient, sluiceConfigSchema, type AppEnv,
} from "@sluice/core";
import { z } from "zod";

/** The bridge worker's settings (wrangler.toml vars and secrets), parsed once per isolate. */
export const bridgeConfigSchema = sluiceConfigSchema.extend({
  ACROSS_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  ACROSS_API_KEY: z.string().optional(),
  /** Sluice's 2-byte integrator id, e.g. `0x00a1`. */
  ACROSS_INTEGRATOR_ID: z.string().regex(ACROSS_INTEGRATOR_ID_PATTERN, "must be 0x and 4 hex digits").optional(),
  /** Sluice's address that receives the bridge app fee on every destination chain. */
  BRIDGE_FEE_RECIPIENT: z.string().refine(isBridgeFeeRecipient, "must be an address other than the zero address").optional(),
  /** Per-request timeout of calls to Across (ms); default 5000. */
  ACROSS_TIMEOUT_MS: z.string().refine((v) => v === "" || ACROSS_TIMEOUT_MS_PATTERN.test(v), "must be whole milliseconds from 100 to 30000").optional(),
  /** The shortest fill window a quoted deposit may leave relayers (s, 600–86400); default 600. */
  BRIDGE_MIN_FILL_WINDOW_SECONDS: z.string().regex(BRIDGE_MIN_FILL_WINDOW_SECONDS_PATTERN, "must be whole seconds from 600 to 86400").optional(),
  /**
   * A local stack only (the devnet's held deposits leave relayers 20 s), never in production: the shortest fill window
   * in place of the one above, any whole seconds. Declared by no wrangler.toml, so `pnpm deploy:prod` refuses it.
   */
  BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS: z.string().regex(BRIDGE_DEVNET_MIN_FILL_WINDOW_SECONDS_PATTERN, "must be whole seconds from 1").optional(),
  /** The most a same-asset transfer may keep in fees, all together (bps, 1–1000); default 300. */
  BRIDGE_MAX_FEE_BPS: z.string().regex(BRIDGE_MAX_FEE_BPS_PATTERN, "must be a whole number of basis points from 1 to 1000").optional(),
  /** The most a signed deposit may take to be mined (s, 0–1800); default 300. */
  BRIDGE_DEPOSIT_INCLUSION_SECONDS: z.string().regex(BRIDGE_DEPOSIT_INCLUSION_SECONDS_PATTERN, "must be whole seconds from 0 to 1800").optional(),
});
export type BridgeConfig = z.infer<typeof bridgeConfigSchema>;
export type BridgeEnv = AppEnv<BridgeConfig>;

/** The Across client of this deployment (configuration from the worker's secrets). */
export function acrossFromEnv(config: BridgeConfig) {
  const across = acrossConfigFromEnv(config);
  return { config: across, across: createAcrossClient(across) };
}
