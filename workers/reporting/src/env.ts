import { sluiceConfigSchema, webhookConfigShape, type AppEnv } from "@sluice/core";
import type { z } from "zod";

/** The reporting worker's settings: the common ones and the webhooks' (`core/webhooks/webhookConfig.ts`). */
export const reportingConfigSchema = sluiceConfigSchema.extend(webhookConfigShape);
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
export type ReportingEnv = AppEnv<ReportingConfig>;
