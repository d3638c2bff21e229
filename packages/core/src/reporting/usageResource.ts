import { z } from "@hono/zod-openapi";
import { MONTH_PATTERN } from "../ledger/index.js";
import { centsNumber } from "../ledger/centsNumber.js";
import type { UsageEventRow } from "../usage/listUsage.js";

/** The query and answer shapes of GET /api/v1/usage (shared by production and the sandbox). */
const limitError = { error: "must be a whole number from 1 to 1000" };

export const UsageQuery = z.object({
  period: z.string().regex(MONTH_PATTERN, "must be a month as YYYY-MM").optional()
    .openapi({ description: "Only events that occurred in this UTC month", example: "2026-11" }),
  event_type: z.enum(["route", "solve"], { error: "must be route or solve" }).optional(),
  // Strict decimal digits: `0x10`, `1e3` or ` 5` are refused, not read as numbers.
  limit: z.string().regex(/^[1-9]\d{0,3}$/, limitError).transform(Number).pipe(z.number().max(1000, limitError)).optional()
    .openapi({ description: "Events per page; default 100, maximum 1000", example: "100" }),
  cursor: z.string().min(1).max(512).optional()
    .openapi({ description: "`next_cursor` of the previous page, to read further back" }),
});

export const UsageEventSchema = z.object({
  id: z.string().openapi({ example: "evt_1m2n3p4q5r6s7t8v9w0x" }),
  event_type: z.enum(["route", "solve"]),
  chain: z.string().openapi({ example: "base" }),
  volume_usd: z.number().openapi({ description: "USD volume, rounded to cents", example: 1234.56 }),
  is_dry_run: z.boolean().openapi({ description: "Encode-only, not executed" }),
  is_test: z.boolean().openapi({ description: "Operator-marked test traffic" }),
  status: z.enum(["quoted", "encoded", "pending", "executed", "failed"]).openapi({
    description: "`quoted` (a route), `encoded` (a solve not confirmed on chain), `pending` (sent, awaiting its "
      + "receipt), `executed` (succeeded on chain; only these earn rebates) or `failed` (reverted or dropped)",
    example: "executed",
  }),
  tx_hash: z.string().nullable().openapi({ description: "The solve's transaction, once sent or confirmed", example: null }),
  created_at: z.string().openapi({ description: "When the event occurred (ISO 8601, UTC)", example: "2026-11-03T14:05:00.000Z" }),
}).openapi("UsageEvent");

/** `total_volume_usd` split by the events' status (USD, rounded to cents); only `executed` earns rebates. */
export const UsageTotalsSchema = z.object({
  quoted: z.number().openapi({ description: "Routes (quotes)" }),
  encoded: z.number().openapi({ description: "Solves encoded but not executed (dry runs, encode-only not confirmed)" }),
  pending: z.number().openapi({ description: "Gasless solves sent, awaiting their receipt" }),
  executed: z.number().openapi({ description: "Solves that succeeded on chain: the volume that earns rebates (unless test traffic)" }),
  failed: z.number().openapi({ description: "Solves that reverted or were dropped" }),
}).openapi("UsageTotals");

/** A usage event as the API answers it (`/usage`, and the data of `swap.*` webhook events). */
export function toUsageEventResource(e: UsageEventRow): z.infer<typeof UsageEventSchema> {
  return {
    id: e.id,
    event_type: e.eventType,
    chain: e.chain,
    volume_usd: centsNumber(e.volumeUsd),
    is_dry_run: e.isDryRun,
    is_test: e.isTest,
    status: e.status,
    tx_hash: e.txHash,
    created_at: e.createdAt.toISOString(),
  };
}
