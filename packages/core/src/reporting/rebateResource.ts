import { z } from "@hono/zod-openapi";
import { MONTH_PATTERN } from "../ledger/index.js";

/** The query and answer shapes of GET /api/v1/rebates (shared by production and the sandbox). */
export const RebatesQuery = z.object({
  period: z.string().regex(MONTH_PATTERN, "must be a month as YYYY-MM").optional()
    .openapi({ description: "Only this UTC month's rows", example: "2026-11" }),
});

export const RebateSchema = z.object({
  period: z.literal("monthly"),
  period_start: z.string().openapi({ description: "First instant of the UTC month", example: "2026-11-01T00:00:00+00:00" }),
  volume_usd: z.number().openapi({ description: "Qualifying volume (non-test solves the chain shows succeeded), exact", example: 250000 }),
  rebate_bps: z.number().int().openapi({ description: "Rate applied, basis points", example: 15 }),
  rebate_usd: z.number().openapi({ description: "Exactly volume_usd * rebate_bps / 10000 (not rounded)", example: 375 }),
  volume_usd_exact: z.string().openapi({
    description: "volume_usd as an exact decimal string: the number above is exact only up to about 15 significant digits", example: "250000",
  }),
  rebate_usd_exact: z.string().openapi({
    description: "rebate_usd as an exact decimal string (volume_usd_exact * rebate_bps / 10000, every digit)", example: "375",
  }),
  status: z.enum(["accrued", "paid"]),
  kind: z.enum(["volume", "referral"]),
  source_account_id: z.string().optional().openapi({ description: "On referral rows: the referred account" }),
}).openapi("Rebate");
