CREATE TYPE "public"."bridge_deposit_status" AS ENUM('pending', 'filled', 'expired', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."rebate_kind" AS ENUM('volume', 'referral');--> statement-breakpoint
CREATE TYPE "public"."rebate_status" AS ENUM('accrued', 'paid');--> statement-breakpoint
CREATE TYPE "public"."settlement_status" AS ENUM('running', 'completed');--> statement-breakpoint
CREATE TABLE "bridge_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text,
	"origin_chain_id" integer NOT NULL,
	"destination_chain_id" integer NOT NULL,
	"depositor" text NOT NULL,
	"recipient" text NOT NULL,
	"input_token" text NOT NULL,
	"output_token" text NOT NULL,
	"amount_in_raw" numeric(78, 0) NOT NULL,
	"expected_out_raw" numeric(78, 0) NOT NULL,
	"quote_id" text,
	"origin_tx_hash" text NOT NULL,
	"deposit_id" text,
	"status" "bridge_deposit_status" DEFAULT 'pending' NOT NULL,
	"fill_tx_hash" text,
	"volume_usd" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"period_start" date NOT NULL,
	"kind" "rebate_kind" NOT NULL,
	"source_account_id" text,
	"volume_usd" numeric(38, 18) NOT NULL,
	"rebate_bps" integer NOT NULL,
	"rebate_usd" numeric(38, 18) NOT NULL,
	"status" "rebate_status" DEFAULT 'accrued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "rebate_ledger_row_unique" UNIQUE NULLS NOT DISTINCT("account_id","period_start","kind","source_account_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"period_start" date PRIMARY KEY NOT NULL,
	"status" "settlement_status" NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "encoded_swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text,
	"chain" text NOT NULL,
	"executor" text NOT NULL,
	"calldata_hash" text NOT NULL,
	"owner" text NOT NULL,
	"token_in" text NOT NULL,
	"token_out" text NOT NULL,
	"amount_in" numeric(78, 0) NOT NULL,
	"quoted_amount_out" numeric(78, 0) NOT NULL,
	"min_amount_out" numeric(78, 0) NOT NULL,
	"volume_usd" numeric(38, 18) NOT NULL,
	"usage_event_id" text,
	"confirmed_tx_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bridge_settlements" ADD CONSTRAINT "bridge_settlements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bridge_settlements" ADD CONSTRAINT "bridge_settlements_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_ledger" ADD CONSTRAINT "rebate_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_ledger" ADD CONSTRAINT "rebate_ledger_source_account_id_accounts_id_fk" FOREIGN KEY ("source_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoded_swaps" ADD CONSTRAINT "encoded_swaps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoded_swaps" ADD CONSTRAINT "encoded_swaps_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encoded_swaps" ADD CONSTRAINT "encoded_swaps_usage_event_id_usage_events_id_fk" FOREIGN KEY ("usage_event_id") REFERENCES "public"."usage_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bridge_settlements_origin_tx_unique" ON "bridge_settlements" USING btree ("origin_chain_id","origin_tx_hash");--> statement-breakpoint
CREATE INDEX "bridge_settlements_account_idx" ON "bridge_settlements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bridge_settlements_status_idx" ON "bridge_settlements" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rebate_ledger_account_period_idx" ON "rebate_ledger" USING btree ("account_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "encoded_swaps_chain_calldata_unique" ON "encoded_swaps" USING btree ("chain","calldata_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "encoded_swaps_chain_tx_unique" ON "encoded_swaps" USING btree ("chain","confirmed_tx_hash");--> statement-breakpoint
CREATE INDEX "encoded_swaps_account_idx" ON "encoded_swaps" USING btree ("account_id");