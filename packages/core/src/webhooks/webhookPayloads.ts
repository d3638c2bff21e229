import { sql } from "drizzle-orm";
import { exactDecimal } from "../ledger/exactDecimal.js";
import { exactNumber } from "../ledger/exactNumber.js";
import { periodStartTimestamp } from "../ledger/months.js";
import { toUsageEventResource } from "../reporting/usageResource.js";
import { usageEventStatus } from "../usage/listUsage.js";
import type { WebhookEventInput } from "./webhookEvents.js";

/**
 * The events' data: the same fields the API answers for the object (`/usage` for swaps, `/bridge/status` for
 * deposits, `/rebates` for ledger rows).
 */

/** The columns of `usage_events` a swap event needs, for a `returning` clause (aliased `e`). */
export const usageEventColumns = sql`e.id, e.account_id, e.event_type::text as event_type, e.chain, e.volume_usd::text as volume_usd,
  e.is_dry_run, e.is_test, e.outcome::text as outcome, e.tx_hash, e.created_at`;

export type UsageEventColumns = {
  id: string; account_id: string; event_type: "route" | "solve"; chain: string; volume_usd: string; is_dry_run: boolean;
  is_test: boolean; outcome: "pending" | "succeeded" | "failed" | null; tx_hash: string | null; created_at: Date | string;
};

export function swapWebhookEvent(type: "swap.executed" | "swap.failed" | "swap.confirmed", row: UsageEventColumns): WebhookEventInput {
  return {
    type, accountId: row.account_id, objectKey: row.id,
    data: toUsageEventResource({
      id: row.id, eventType: row.event_type, chain: row.chain, volumeUsd: row.volume_usd, isDryRun: row.is_dry_run,
      isTest: row.is_test, status: usageEventStatus(row), txHash: row.tx_hash, createdAt: new Date(row.created_at),
    }),
  };
}

export type BridgeWebhookDeposit = {
  settlementId: string; accountId: string; status: "filled" | "expired" | "refunded"; depositId: string | null;
  depositTxHash: string; fillTx: string | null; refundTx: string | null; originChainId: number; destinationChainId: number;
};

export function bridgeWebhookEvent(d: BridgeWebhookDeposit): WebhookEventInput {
  return {
    type: `bridge.${d.status}`, accountId: d.accountId, objectKey: d.settlementId,
    data: {
      settlementId: d.settlementId, status: d.status, depositId: d.depositId ?? "", depositTxHash: d.depositTxHash,
      fillTx: d.fillTx, refundTx: d.refundTx, originChainId: d.originChainId, destinationChainId: d.destinationChainId,
    },
  };
}

export type SettledLedgerRow = {
  id: string; account_id: string; period_start: string; kind: "volume" | "referral"; source_account_id: string | null;
  volume_usd: string; rebate_bps: number; rebate_usd: string;
};

export function rebateSettledWebhookEvent(r: SettledLedgerRow): WebhookEventInput {
  return {
    type: "rebate.settled", accountId: r.account_id, objectKey: r.id,
    data: {
      period: "monthly", period_start: periodStartTimestamp(r.period_start), volume_usd: exactNumber(r.volume_usd),
      rebate_bps: Number(r.rebate_bps), rebate_usd: exactNumber(r.rebate_usd), status: "paid", kind: r.kind,
      volume_usd_exact: exactDecimal(r.volume_usd), rebate_usd_exact: exactDecimal(r.rebate_usd),
      ...(r.source_account_id ? { source_account_id: r.source_account_id } : {}),
    },
  };
}
