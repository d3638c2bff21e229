ALTER TABLE "usage_events" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "token_in" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "token_out" text;