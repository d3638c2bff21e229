DROP INDEX "usage_events_account_created_idx";--> statement-breakpoint
ALTER TABLE "rebate_ledger" ALTER COLUMN "rebate_usd" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "ledger_period" date;--> statement-breakpoint
UPDATE "usage_events" SET "ledger_period" = date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "usage_events" ALTER COLUMN "ledger_period" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "executed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "usage_events_account_type_created_idx" ON "usage_events" USING btree ("account_id","event_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_events_qualifying_account_idx" ON "usage_events" USING btree ("account_id","ledger_period","volume_usd") WHERE event_type = 'solve' and not is_dry_run and not is_test;--> statement-breakpoint
CREATE INDEX "usage_events_qualifying_period_idx" ON "usage_events" USING btree ("ledger_period","account_id","volume_usd") WHERE event_type = 'solve' and not is_dry_run and not is_test;--> statement-breakpoint
CREATE INDEX "usage_events_account_created_idx" ON "usage_events" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_ledger_period_month" CHECK (extract(day from "usage_events"."ledger_period") = 1);