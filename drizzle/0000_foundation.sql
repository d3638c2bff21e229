CREATE TYPE "public"."key_environment" AS ENUM('production', 'sandbox');--> statement-breakpoint
CREATE TYPE "public"."usage_event_type" AS ENUM('route', 'solve');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"rebate_bps" integer DEFAULT 0 NOT NULL,
	"rebate_active" boolean DEFAULT true NOT NULL,
	"referrer_id" text,
	"referral_bps" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "accounts_rebate_bps_range" CHECK ("accounts"."rebate_bps" between 0 and 10000),
	CONSTRAINT "accounts_referral_bps_range" CHECK ("accounts"."referral_bps" between 0 and 10000),
	CONSTRAINT "accounts_not_self_referred" CHECK ("accounts"."referrer_id" is distinct from "accounts"."id"),
	CONSTRAINT "accounts_slug_format" CHECK ("accounts"."slug" ~ '^[a-z0-9][a-z0-9-]{1,62}$')
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"name" text,
	"environment" "key_environment" NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"rate_limit_per_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text,
	"event_type" "usage_event_type" NOT NULL,
	"chain" text NOT NULL,
	"volume_usd" numeric(38, 18) NOT NULL,
	"is_dry_run" boolean NOT NULL,
	"is_test" boolean NOT NULL,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_events_volume_nonnegative" CHECK ("usage_events"."volume_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_referrer_id_accounts_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "usage_events_account_created_idx" ON "usage_events" USING btree ("account_id","created_at" DESC NULLS LAST);