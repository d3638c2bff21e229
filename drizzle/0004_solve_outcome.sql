CREATE TYPE "public"."swap_outcome" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
DROP INDEX "usage_events_qualifying_account_idx";--> statement-breakpoint
DROP INDEX "usage_events_qualifying_period_idx";--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "outcome" "swap_outcome";--> statement-breakpoint
-- Solves executed before outcomes existed were counted when sent or confirmed: they keep counting.
UPDATE "usage_events" SET "outcome" = 'succeeded' WHERE "event_type" = 'solve' AND NOT "is_dry_run";--> statement-breakpoint
-- One transaction is credited once: where several events held the same transaction, the first recorded keeps it.
UPDATE "usage_events" e SET "tx_hash" = NULL, "outcome" = NULL
  FROM (SELECT "id", row_number() OVER (PARTITION BY "chain", "tx_hash" ORDER BY "recorded_at", "id") AS n
        FROM "usage_events" WHERE "tx_hash" IS NOT NULL) d
  WHERE e."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_chain_tx_unique" ON "usage_events" USING btree ("chain","tx_hash") WHERE tx_hash is not null;--> statement-breakpoint
CREATE INDEX "usage_events_pending_idx" ON "usage_events" USING btree ("account_id","created_at") WHERE outcome = 'pending';--> statement-breakpoint
CREATE INDEX "usage_events_qualifying_account_idx" ON "usage_events" USING btree ("account_id","ledger_period","volume_usd") WHERE event_type = 'solve' and outcome = 'succeeded' and not is_dry_run and not is_test;--> statement-breakpoint
CREATE INDEX "usage_events_qualifying_period_idx" ON "usage_events" USING btree ("ledger_period","account_id","volume_usd") WHERE event_type = 'solve' and outcome = 'succeeded' and not is_dry_run and not is_test;