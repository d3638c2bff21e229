ALTER TABLE "bridge_settlements" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bridge_settlements" ADD COLUMN "check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bridge_settlements_next_check_idx" ON "bridge_settlements" USING btree ("next_check_at");