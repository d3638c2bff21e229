CREATE TABLE "token_quality" (
	"chain" text NOT NULL,
	"token" text NOT NULL,
	"score" integer NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "token_quality_chain_token_pk" PRIMARY KEY("chain","token"),
	CONSTRAINT "token_quality_score_range" CHECK ("token_quality"."score" between 0 and 100),
	CONSTRAINT "token_quality_chain" CHECK ("token_quality"."chain" in ('ethereum', 'base', 'arbitrum', 'polygon')),
	CONSTRAINT "token_quality_token_format" CHECK ("token_quality"."token" ~ '^0x[0-9a-f]{40}$')
);
