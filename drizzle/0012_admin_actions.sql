CREATE TABLE "admin_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"surface" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request" jsonb,
	"status" integer NOT NULL,
	"error_code" text,
	CONSTRAINT "admin_actions_surface" CHECK ("admin_actions"."surface" in ('api', 'dashboard', 'cli'))
);
--> statement-breakpoint
CREATE INDEX "admin_actions_at_idx" ON "admin_actions" USING btree ("at");