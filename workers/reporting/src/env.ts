import { settlementConfigShape, sluiceConfigSchema, webhookConfigShape, type AppEnv } from "@sluice/core";
import type { z } from "zod";

/**
 * The reporting worker's settings: the common ones, the webhooks' (`core/webhooks/webhookConfig.ts`) and the monthly
 * settlement's (`SETTLEMENT_GRACE_HOURS`, `core/ledger/settlementConfig.ts`).
 */
export const reportingConfigSchema = sluiceConfigSchema.extend({ ...webhookConfigShape, ...settlementConfigShape });
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
export type ReportingEnv = AppEnv<ReportingConfig>;
